import {
  CONSENT_COOKIE,
  CONSENT_VERSION,
  type ConsentChoice,
  consentCookieValue,
  consentFromCookies,
} from '@shop/domain';
import { useSyncExternalStore } from 'react';

/** The visitor's cookie choice: strictly necessary storage itself (it remembers that they chose). */
export const CONSENT_KEY = 'cookie_consent';

interface StoredConsent {
  version: number;
  at: number;
  choice: ConsentChoice;
}

const listeners = new Set<() => void>();
let current: ConsentChoice | null | undefined;
let settingsOpen = false;
/** What the server knew of the choice (the consent cookie): the server render's and the hydration's snapshot. */
let serverChoice: ConsentChoice | null = null;
/**
 * True from setServerConsent until the consent manager has hydrated: the
 * choice stays the server's meanwhile, so a render React redoes during the
 * hydration (an update, a suspended sibling) still matches the server's
 * markup. A choice stored before the consent cookie existed would otherwise
 * drop the banner from such a render (React #418, seen under load).
 */
let hydrating = false;
const YEAR_S = 365 * 24 * 60 * 60;

const sameChoice = (a: ConsentChoice, b: ConsentChoice) =>
  a.functionality === b.functionality && a.tracking === b.tracking && a.targeting === b.targeting;

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
  if (hydrating) return serverChoice;
  if (current === undefined) {
    current = typeof localStorage === 'undefined' ? null : read();
    // The same object as the hydration's, so React sees no change when they agree.
    if (current && serverChoice && sameChoice(current, serverChoice)) current = serverChoice;
  }
  return current;
}

/**
 * The choice the server rendered with (ADR 009): from the request's consent
 * cookie on the server, from `document.cookie` in the browser before hydrating,
 * so both agree on whether the banner is in the markup.
 */
export function setServerConsent(choice: ConsentChoice | null): void {
  serverChoice = choice;
  hydrating = true;
}

/** The consent manager has hydrated: from now on the stored choice counts (listeners re-render). */
export function endConsentHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  current = undefined;
  notify();
}

/** Mirrors the stored choice in the consent cookie (also for choices stored before the cookie existed). */
export function writeConsentCookie(choice: ConsentChoice): void {
  if (typeof document === 'undefined') return;
  const pair = `${CONSENT_COOKIE}=${consentCookieValue(choice)}`;
  if (document.cookie.split(/;\s*/).includes(pair)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari; one synchronous write.
  document.cookie = `${pair}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

/** Stores the visitor's choice and tells the page (analytics loads or stays away). */
export function setConsent(choice: ConsentChoice): void {
  hydrating = false;
  current = choice;
  const stored: StoredConsent = { version: CONSENT_VERSION, at: Date.now(), choice };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
  writeConsentCookie(choice);
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

/** The choice and whether its settings dialog is open, re-rendering on change; on the server: the cookie's. */
export function useConsent(): { choice: ConsentChoice | null; settingsOpen: boolean } {
  const choice = useSyncExternalStore(subscribeConsent, getConsent, () => serverChoice);
  const open = useSyncExternalStore(
    subscribeConsent,
    () => settingsOpen,
    () => false,
  );
  return { choice, settingsOpen: open };
}

/**
 * The choice a server-rendered page was rendered with (ADR 009): the server
 * rendered the banner or not from the request's consent cookie, but the
 * previous page may have written that cookie after this request left (its
 * effect racing the navigation, seen under load as React #418). So the markup
 * says whether the banner is there; the cookie only which choice it was.
 */
export function renderedConsent(root: ParentNode, cookies: string): ConsentChoice | null {
  if (root.querySelector('[data-consent-banner]')) return null;
  return consentFromCookies(cookies) ?? REJECT_ALL;
}
