import type { ConsentChoice } from '@shop/domain';
import { useSyncExternalStore } from 'react';

/** The visitor's cookie choice: strictly necessary storage itself (it remembers that they chose). */
export const CONSENT_KEY = 'cookie_consent';
/** Bump when the levels or their texts change: every visitor is asked again. */
export const CONSENT_VERSION = 1;

interface StoredConsent {
  version: number;
  at: number;
  choice: ConsentChoice;
}

const listeners = new Set<() => void>();
let current: ConsentChoice | null | undefined;
let settingsOpen = false;

function read(): ConsentChoice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as StoredConsent | null;
    if (stored?.version !== CONSENT_VERSION || typeof stored.choice !== 'object') return null;
    const { functionality, tracking, targeting } = stored.choice;
    return {
      functionality: functionality === true,
      tracking: tracking === true,
      targeting: targeting === true,
    };
  } catch {
    return null;
  }
}

const notify = () => {
  for (const listener of listeners) listener();
};

/** The stored choice; null until the visitor has chosen (nothing but strictly necessary storage then). */
export function getConsent(): ConsentChoice | null {
  if (current === undefined) current = typeof localStorage === 'undefined' ? null : read();
  return current;
}

/** Stores the visitor's choice and tells the page (analytics loads or stays away). */
export function setConsent(choice: ConsentChoice): void {
  current = choice;
  const stored: StoredConsent = { version: CONSENT_VERSION, at: Date.now(), choice };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
  settingsOpen = false;
  notify();
}

export const ACCEPT_ALL: ConsentChoice = { functionality: true, tracking: true, targeting: true };
export const REJECT_ALL: ConsentChoice = { functionality: false, tracking: false, targeting: false };

/** Opens the settings dialog (the footer link) or closes it. */
export function setConsentSettingsOpen(open: boolean): void {
  settingsOpen = open;
  notify();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice and whether its settings dialog is open, re-rendering on change; on the server: no choice. */
export function useConsent(): { choice: ConsentChoice | null; settingsOpen: boolean } {
  const choice = useSyncExternalStore(subscribeConsent, getConsent, () => null);
  const open = useSyncExternalStore(
    subscribeConsent,
    () => settingsOpen,
    () => false,
  );
  return { choice, settingsOpen: open };
}
