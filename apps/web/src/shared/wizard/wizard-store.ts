import { useSyncExternalStore } from 'react';

/**
 * How every wizard keeps its form: one live copy per wizard, read once from its
 * storage key, written through on every change as `{ savedAt, form }`, so a
 * reload keeps what was typed (spec 3 "Local and session storage keys"). The
 * four fixed wizards (localStorage) and the generic one (sessionStorage) differ
 * only in the spec below.
 */
export interface WizardStoreSpec<Form> {
  /** The storage key (storage-keys.ts). */
  key: string;
  /** localStorage for the fixed forms, sessionStorage for the generic one (spec 3). */
  storage: 'local' | 'session';
  /** How long a saved form stays reloadable; -1 keeps it forever (spec 4). */
  maxAgeMs: number;
  /** What a new visitor and a reset start from. */
  blank: () => Form;
  /** The saved form as this wizard's form (old or tampered data made safe), or null when it is not one. */
  read: (raw: unknown) => Form | null;
}

/** A saved form and the exact stored text (the cart fingerprints it to post each version once). */
export interface SavedWizardForm<Form> {
  form: Form;
  text: string;
}

export interface WizardStore<Form> {
  /** The current form: the saved one on first use, else a blank one. */
  get(): Form;
  /** Replaces the form, saves it (as saved at `now`) and re-renders its users. */
  set(form: Form, now?: number): void;
  /** Clears the form and its steps (spec 4 "Reset clears the form and the steps"). */
  reset(): void;
  /** The saved form when there is one within its age (`now` and `maxAgeMs` for tests). */
  saved(now?: number, maxAgeMs?: number): SavedWizardForm<Form> | null;
  subscribe(listener: () => void): () => void;
  /**
   * The form the server renders and the hydration starts from: always the blank
   * one (the server cannot read the visitor's storage; ADR 009). The saved form
   * replaces it right after hydration.
   */
  serverForm(): Form;
}

interface Envelope {
  savedAt: number;
  form: unknown;
}

/** The age rule: a form saved at `savedAt` may be reloaded at `now` (always when `maxAgeMs` is -1). */
export function isReloadable(savedAt: number, now: number, maxAgeMs: number): boolean {
  if (maxAgeMs === -1) return true;
  if (!Number.isFinite(savedAt) || maxAgeMs < 0) return false;
  return now - savedAt <= maxAgeMs;
}

// Every store, so a test can forget the live copies as a page reload would.
const caches = new Set<() => void>();

/** Forgets every wizard's live copy, as a page reload would (tests). */
export function dropWizardCaches(): void {
  for (const drop of caches) drop();
}

/** One wizard's store (see WizardStoreSpec). */
export function createWizardStore<Form>(spec: WizardStoreSpec<Form>): WizardStore<Form> {
  let current: { form: Form } | null = null;
  let blank: Form | undefined;
  const listeners = new Set<() => void>();
  caches.add(() => {
    current = null;
  });

  const storage = (): Storage | null => {
    try {
      return spec.storage === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return null;
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const saved = (now = Date.now(), maxAgeMs = spec.maxAgeMs): SavedWizardForm<Form> | null => {
    try {
      const text = storage()?.getItem(spec.key);
      if (!text) return null;
      const stored = JSON.parse(text) as Partial<Envelope> | null;
      if (!stored || typeof stored !== 'object') return null;
      if (!isReloadable(Number(stored.savedAt), now, maxAgeMs)) return null;
      const form = spec.read(stored.form);
      return form === null ? null : { form, text };
    } catch {
      return null;
    }
  };

  const get = (): Form => {
    current ??= { form: saved()?.form ?? spec.blank() };
    return current.form;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    get,
    set(form, now = Date.now()) {
      current = { form };
      const envelope: Envelope = { savedAt: now, form };
      try {
        storage()?.setItem(spec.key, JSON.stringify(envelope));
      } catch {
        // Quota or privacy mode: the wizard still works for this page's life.
      }
      notify();
    },
    reset() {
      try {
        storage()?.removeItem(spec.key);
      } catch {
        // Nothing to remove.
      }
      current = { form: spec.blank() };
      notify();
    },
    saved,
    subscribe,
    serverForm: () => {
      blank ??= spec.blank();
      return blank;
    },
  };
}

/** A wizard's current form in a component, re-rendering on change. */
export function useWizardForm<Form>(store: WizardStore<Form>): Form {
  return useSyncExternalStore(store.subscribe, store.get, store.serverForm);
}
