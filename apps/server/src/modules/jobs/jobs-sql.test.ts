import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { bossDbOf } from './boss-db.ts';
import { insertJobsSql } from './jobs-sql.ts';
import { createJobQueue, type JobQueue, sender } from './queue.ts';

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface JobColumns {
  name: string;
  state: string;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  expire_in: string;
  keep_for: string;
  policy: string | null;
  singleton_key: string | null;
  dead_letter: string | null;
}

const columnsOf = (db: Database['db'], marker: string) =>
  queryRows<JobColumns>(
    db,
    sql`SELECT name, state, priority, retry_limit, retry_delay, retry_backoff, expire_in::text AS expire_in,
               (keep_until - start_after)::text AS keep_for, policy, singleton_key, dead_letter
          FROM pgboss.job WHERE data->>'marker' = ${marker}`,
  );

describe.each(testDatabaseKinds())('jobs written inside a statement (%s)', (kind) => {
  let database: Database;
  let queue: JobQueue;
  const runs: { marker: string; extra?: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    queue = createJobQueue(database, { runWorkers: true, pollingIntervalSeconds: 0.5 });
    await queue.work<{ marker: string; extra?: number }>(
      'sql.job',
      async (data) => {
        runs.push(data);
      },
      { retryLimit: 3, retryDelay: 7, retryBackoff: false, expireInSeconds: 60 },
    );
    await queue.work<{ marker: string }>(
      'sql.short',
      async (data) => {
        runs.push(data);
      },
      { policy: 'short' },
    );
    await queue.start();
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("writes the rows pg-boss's own insert writes, and its worker runs them", async () => {
    await database.db.transaction(async (tx) => {
      await sender.insert([{ name: 'sql.job', data: { marker: 'boss' } }], { db: bossDbOf(tx) } as never);
      await tx.execute(
        sql`WITH one AS (SELECT 41 AS n), jobs AS (${insertJobsSql(
          [
            { name: 'sql.job', data: { marker: 'ours' }, merge: true },
            { name: 'no.queue', data: { marker: 'nowhere' } },
          ],
          { from: sql`one`, merge: sql`jsonb_build_object('extra', one.n + 1)` },
        )}) SELECT count(*) FROM jobs`,
      );
    });
    const [boss] = await columnsOf(database.db, 'boss');
    const [ours] = await columnsOf(database.db, 'ours');
    expect(boss).toMatchObject({ retry_limit: 3, retry_delay: 7, retry_backoff: false, policy: 'standard' });
    expect(ours).toEqual(boss);
    expect(await columnsOf(database.db, 'nowhere')).toEqual([]);
    queue.nudge('sql.job');
    await waitFor(() => runs.some((r) => r.marker === 'ours') && runs.some((r) => r.marker === 'boss'));
    expect(runs.find((r) => r.marker === 'ours')?.extra).toBe(42);
  }, 30_000);

  it("keeps one waiting job per key in a 'short' queue, and takes the next once that one runs", async () => {
    const insert = (marker: string, key: string, startAfter?: Date) =>
      database.db.execute(
        sql`WITH jobs AS (${insertJobsSql([
          { name: 'sql.short', data: { marker }, singletonKey: key, ...(startAfter ? { startAfter } : {}) },
        ])}) SELECT count(*) FROM jobs`,
      );
    const later = new Date(Date.now() + 60_000);
    await insert('a1', 'A', later);
    await insert('a2', 'A');
    await insert('b1', 'B', later);
    const waiting = await queryRows<{ marker: string }>(
      database.db,
      sql`SELECT data->>'marker' AS marker FROM pgboss.job WHERE name = 'sql.short' ORDER BY 1`,
    );
    expect(waiting.map((j) => j.marker)).toEqual(['a1', 'b1']);
    const [a1] = await columnsOf(database.db, 'a1');
    expect(a1).toMatchObject({ policy: 'short', singleton_key: 'A', state: 'created' });
    // Once A's job is no longer waiting (fetched), the key takes a new one, which runs.
    await database.db.execute(sql`UPDATE pgboss.job SET state = 'active' WHERE data->>'marker' = 'a1'`);
    await insert('a3', 'A');
    queue.nudge('sql.short');
    await waitFor(() => runs.some((r) => r.marker === 'a3'));
  }, 30_000);
});
