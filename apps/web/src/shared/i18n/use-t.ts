import type { TFunction } from '@shop/domain/i18n';
import { useSyncExternalStore } from 'react';

// The store's language is fixed for the page's life, so one translator is set
// at start-up (app/main.tsx, after its catalogue chunk loaded). Code outside
// React (the api client) reads it with getT().
let current: TFunction | undefined;
const listeners = new Set<() => void>();

export function setT(t: TFunction): void {
  current = t;
  for (const listener of listeners) listener();
}

export function getT(): TFunction {
  if (!current) throw new Error('The translations have not been loaded yet.');
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store language's `t(key, vars)`. */
export function useT(): TFunction {
  return useSyncExternalStore(subscribe, getT, getT);
}
