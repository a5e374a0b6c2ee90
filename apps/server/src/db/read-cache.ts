/**
 * A small in-memory read cache keyed by id, for rows whose every write goes
 * through one service in this process (sessions, cart views on PGlite).
 *
 * Writers call `invalidate` (or `clear`) on every change. A reader takes a
 * `ticket()` before it queries the database and offers the result with
 * `set(key, value, ticket)`: when any invalidation happened in between, the
 * value may predate the write and is not kept. Entries also expire after
 * `ttlMs`, which bounds staleness from writes this process cannot see (an
 * operator's SQL), and the oldest entries go first past `maxEntries`.
 */
export interface ReadCache<K, V> {
  /** The cached value; undefined when absent or expired. */
  get(key: K): V | undefined;
  ticket(): number;
  set(key: K, value: V, ticket: number): void;
  invalidate(key: K): void;
  /** Drops every entry the predicate selects. */
  invalidateWhere(predicate: (value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export interface ReadCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

export function createReadCache<K, V>({
  maxEntries,
  ttlMs,
  now = Date.now,
}: ReadCacheOptions): ReadCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  let generation = 0;

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    ticket: () => generation,
    set(key, value, ticket) {
      if (ticket !== generation) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    invalidate(key) {
      generation++;
      entries.delete(key);
    },
    invalidateWhere(predicate) {
      generation++;
      for (const [key, entry] of entries) if (predicate(entry.value)) entries.delete(key);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** A cache that keeps nothing: every read goes to the database (PostgreSQL, several instances). */
export function createNoCache<K, V>(): ReadCache<K, V> {
  return {
    get: () => undefined,
    ticket: () => 0,
    set() {},
    invalidate() {},
    invalidateWhere() {},
    clear() {},
    size: 0,
  };
}
