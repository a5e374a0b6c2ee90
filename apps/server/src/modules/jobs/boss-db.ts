import type PgBoss from 'pg-boss';
import type { AppDb } from '../../db/client.ts';

interface RawClient {
  /** node-postgres also takes `{ text }` (run as a named statement); PGlite takes the text only. */
  query(text: string | { text: string }, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * The driver's client behind a drizzle database or transaction: the pg Pool or
 * PoolClient, or the PGlite instance or its Transaction. Both answer
 * `query(text, values)` with `{ rows }`. pg-boss's SQL uses each `$n` more
 * than once with different casts, so it must reach the driver as written
 * (turning it into drizzle parameters would type each use on its own).
 */
function rawClientOf(db: AppDb): RawClient {
  const client = (db as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('enqueue: expected a drizzle database or transaction over node-postgres or PGlite');
  }
  return client;
}

/** pg-boss's `db` over a drizzle database or transaction. */
export function bossDbOf(db: AppDb): PgBoss.Db {
  const client = rawClientOf(db);
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && client.exec) {
        // PGlite's query() takes one statement; pg-boss's migrations send several at once.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      // node-postgres gets a query object, which the pool runs as a named statement (db/client.ts);
      // PGlite's query() takes the text itself.
      const result = client.exec
        ? await client.query(text, values ?? [])
        : await client.query({ text }, values ?? []);
      return { rows: result.rows };
    },
  };
}
