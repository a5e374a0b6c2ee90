import type { AppDb } from '../../db/client.ts';
import { buildCalendarSnapshot, type CalendarSnapshot } from './calendar-snapshot.ts';
import { listHolidays, listRegistryCalendars } from './calendars.repository.ts';

export interface CalendarCache {
  /** Every registry's calendar from memory; reloaded after `invalidate()`/`forget()` or when older than the TTL. */
  snapshot(): Promise<CalendarSnapshot>;
  /** The snapshot in memory, without waiting (the payment's paid path: no statement added); null before the first load. */
  peek(): CalendarSnapshot | null;
  /** After an operator's change: reload here, and tell the other instances (calendars.plugin.ts). */
  invalidate(): void;
  /** Another instance changed the rows: reload on the next read. */
  forget(): void;
  onInvalidate(listener: () => void): void;
}

/**
 * Registries and holidays change rarely and every promise reads them: they live
 * in memory per process, refreshed like the catalogue (ADR 022: NOTIFY from the
 * instance that changed them, LISTEN on the others, a TTL as the fallback).
 * `peek()` serves the last snapshot even while a newer one loads.
 */
export function createCalendarCache(db: AppDb, ttlMs = 60_000): CalendarCache {
  let current: { snapshot: CalendarSnapshot; loadedAt: number } | null = null;
  let loading: Promise<CalendarSnapshot> | null = null;
  let stale = false;
  let generation = 0;
  const listeners: (() => void)[] = [];

  function load(): Promise<CalendarSnapshot> {
    if (loading) return loading;
    const started = generation;
    loading = Promise.all([listRegistryCalendars(db), listHolidays(db)])
      .then(([registries, holidays]) => {
        const snapshot = buildCalendarSnapshot(registries, holidays);
        if (started === generation) {
          current = { snapshot, loadedAt: Date.now() };
          stale = false;
        }
        return snapshot;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function forget() {
    generation++;
    stale = true;
    loading = null;
  }

  return {
    async snapshot() {
      if (!current || stale) return load();
      if (Date.now() - current.loadedAt > ttlMs) load().catch(() => {});
      return current.snapshot;
    },
    peek() {
      if (current && (stale || Date.now() - current.loadedAt > ttlMs)) load().catch(() => {});
      return current?.snapshot ?? null;
    },
    invalidate() {
      forget();
      for (const listener of listeners) listener();
    },
    forget,
    onInvalidate(listener) {
      listeners.push(listener);
    },
  };
}

let processCache: CalendarCache | null = null;

/**
 * The process's calendars, for code that runs inside a payment's transaction
 * and must not read them (payments/paid-promise.ts). Set by the calendars plugin.
 */
export function processCalendars(): CalendarCache | null {
  return processCache;
}
export function setProcessCalendars(cache: CalendarCache): void {
  processCache = cache;
}
