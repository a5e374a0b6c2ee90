import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that markup,
 * true afterwards (and at once in a page the browser renders itself). Parts
 * that load their own code (a lazy price) wait for it, so the server's markup
 * and the first browser render agree (ADR 009).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
