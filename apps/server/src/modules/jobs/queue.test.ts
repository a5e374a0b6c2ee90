import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/db.ts';
import { createJobQueue, enqueue, type JobQueue } from './queue.ts';

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let database: Database;
  let queue: JobQueue;
  const runs: { marker: string; retryCount: number }[] = [];
  let failuresLeft = 0;
  const reported: string[] = [];
  const burst: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    queue = createJobQueue(database, {
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
      onError: (err) => reported.push(err instanceof Error ? err.message : String(err)),
    });
    await queue.work<{ marker: string }>(
      'test.job',
      async (data, job) => {
        if (data.marker.startsWith('flaky') && failuresLeft > 0) {
          failuresLeft--;
          throw new Error('transient');
        }
        runs.push({ marker: data.marker, retryCount: job.retryCount });
      },
      { retryDelay: 1, retryBackoff: false },
    );
    await queue.work<{ n: number }>('test.burst', async () => {
      burst.push(Date.now());
    });
    await queue.start();
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs a job committed with its transaction once, and never one whose transaction rolled back', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, 'test.job', { marker: 'rolled-back' });
        throw new Error('rollback');
      })
      .catch((err: Error) => expect(err.message).toBe('rollback'));
    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'test.job', { marker: 'committed' });
    });
    queue.nudge('test.job');
    await waitFor(() => runs.some((r) => r.marker === 'committed'));
    // Give a second poll the chance to run anything else.
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs.filter((r) => r.marker === 'committed')).toHaveLength(1);
    expect(runs.some((r) => r.marker === 'rolled-back')).toBe(false);
    const jobs = await queryRows<{ state: string; data: { marker: string } }>(
      database.db,
      sql`SELECT state, data FROM pgboss.job WHERE name = 'test.job'`,
    );
    expect(jobs.map((j) => j.data.marker)).toEqual(['committed']);
  }, 30_000);

  it('retries a failing job until it succeeds', async () => {
    failuresLeft = 2;
    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'test.job', { marker: 'flaky' });
    });
    await waitFor(() => runs.some((r) => r.marker === 'flaky'), 20_000);
    expect(runs.find((r) => r.marker === 'flaky')?.retryCount).toBe(2);
    // Each failed run is reported (the app logs it).
    expect(reported.filter((m) => m === 'transient')).toHaveLength(2);
  }, 30_000);

  it('works through a backlog without waiting the polling interval after each full batch', async () => {
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 60; n++) await enqueue(tx, 'test.burst', { n });
    });
    queue.nudge('test.burst');
    await waitFor(() => burst.length === 60, 20_000);
    // 12 batches of 5: waiting the 0.5 s interval after each would take at least 5.5 s.
    const spread = (burst.at(-1) ?? 0) - (burst[0] ?? 0);
    expect(spread).toBeLessThan(4000);
  }, 30_000);

  it('refuses a job of a queue that has no worker', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'no.such.job', {});
      }),
    ).rejects.toThrow(/no queue "no.such.job"/);
  });
});

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'job queue shared by several instances (postgres)',
  () => {
    let database: Database;
    const queues: JobQueue[] = [];
    const runsBy = new Map<number, string[]>();
    const pools: Database[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      // Three instances: three queues, each over its own pool, on the same database.
      const [row] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${row?.name}`;
      for (let instance = 0; instance < 3; instance++) {
        const own = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
        pools.push(own);
        const queue = createJobQueue(own, { runWorkers: true, pollingIntervalSeconds: 0.5 });
        runsBy.set(instance, []);
        await queue.work<{ n: number }>('shared.job', async (data) => {
          await new Promise((r) => setTimeout(r, 20));
          runsBy.get(instance)?.push(String(data.n));
        });
        // More queues to create: instances starting together race to create each one.
        for (let q = 0; q < 4; q++) await queue.work(`idle.job${q}`, async () => {});
        queues.push(queue);
      }
      // All at the same moment, as instances behind a load balancer start after a deploy.
      await Promise.all(queues.map((queue) => queue.start()));
    }, 60_000);

    afterAll(async () => {
      for (const queue of queues) await queue.stop();
      for (const pool of pools) await pool.close();
      await database?.close();
    });

    it('runs each of 60 jobs exactly once, on more than one instance', async () => {
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 60; n++) await enqueue(tx, 'shared.job', { n });
      });
      const all = () => [...runsBy.values()].flat();
      await waitFor(() => all().length >= 60, 30_000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(all().sort()).toEqual(Array.from({ length: 60 }, (_, n) => String(n)).sort());
      expect([...runsBy.values()].filter((runs) => runs.length > 0).length).toBeGreaterThan(1);
    }, 40_000);
  },
);

describe('job queue stop (pglite)', () => {
  it('waits for the jobs of a fetch sent before it, so none runs on a closed database', async () => {
    const database = await createTestDatabase('pglite');
    const queue = createJobQueue(database, { runWorkers: true, pollingIntervalSeconds: 0.5 });
    const events: string[] = [];
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await queue.work('test.late', async () => {
      await sleep(200);
      events.push('job done');
    });
    await queue.start();
    let stopping: Promise<unknown> | undefined;
    // PGlite runs one statement at a time: the open transaction holds back the worker's next
    // fetch, which is therefore already sent when stop is called, and finds the job on commit.
    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'test.late', {});
      await sleep(1200);
      stopping = queue.stop().then(() => events.push('stopped'));
      await sleep(100);
    });
    await stopping;
    expect(events).toEqual(['job done', 'stopped']);
    await database.close();
  }, 30_000);
});
