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

/**
 * What one queue still has running: its SQL and its job batches. pg-boss's
 * stop does not wait for a fetch already sent: the jobs it returns then run
 * after stop resolved, on a database the caller may be closing. The queue's
 * stop waits here until nothing of its own is in flight.
 */
export interface InFlight {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when nothing has run for two timer turns, or at `until` (epoch ms). */
  idle(until: number): Promise<void>;
}

export function inFlight(): InFlight {
  let running = 0;
  const turn = () => new Promise((resolve) => setTimeout(resolve, 10));
  return {
    async run(work) {
      running++;
      try {
        return await work();
      } finally {
        running--;
      }
    },
    async idle(until) {
      // Twice across a timer turn: a fetch's jobs start their batch in the microtasks after it.
      let quiet = 0;
      while (quiet < 2 && Date.now() < until) {
        await turn();
        quiet = running === 0 ? quiet + 1 : 0;
      }
    },
  };
}

/** pg-boss's `db` over a drizzle database or transaction; `tracked` counts its queries. */
export function bossDbOf(db: AppDb, tracked?: InFlight): PgBoss.Db {
  const client = rawClientOf(db);
  const run = tracked ? tracked.run : <T>(work: () => Promise<T>) => work();
  return {
    executeSql: (text: string, values?: unknown[]) => run(() => executeSql(client, text, values)),
  };
}

async function executeSql(client: RawClient, text: string, values?: unknown[]) {
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
}
