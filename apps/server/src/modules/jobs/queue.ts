import PgBoss from 'pg-boss';
import type { AppDb, Database } from '../../db/client.ts';
import { currentRequestId, requestContext } from '../../http/request-context.ts';
import { bossDbOf, inFlight } from './boss-db.ts';
import { createQueueOnce } from './queue-create.ts';

/**
 * Background jobs on the database with pg-boss (ADR 010). One queue serves
 * PGlite and PostgreSQL: pg-boss runs its SQL through our own connection
 * (`db.executeSql`), and `enqueue` writes the job through the caller's
 * transaction, so a job exists only if the change that caused it committed.
 *
 * With PGlite (one connection) the worker runs inside the server process; with
 * PostgreSQL every instance runs one and they share the jobs (pg-boss fetches
 * with `FOR UPDATE SKIP LOCKED`, each job goes to one instance).
 */

/** The schema pg-boss creates and migrates itself at start (not part of drizzle's migrations). */
export const QUEUE_SCHEMA = 'pgboss';

export interface EnqueueOptions {
  /** Seconds from now, an ISO date or a Date: do not run before. */
  startAfter?: number | string | Date;
  /** Attempts after the first failure (default: the queue's, see WorkOptions). */
  retryLimit?: number;
  /** Seconds before a retry; doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** At most one job with this key waiting or running in the queue at a time ('singleton'-like use). */
  singletonKey?: string;
}

/** What a handler sees of its job. */
export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, then 1, 2... */
  retryCount: number;
  retryLimit: number;
  /** True when a failure of this run is the last one (no retry follows). */
  lastAttempt: boolean;
  /** The id of the request (X-Request-Id) that created the job, when a request did. */
  requestId?: string;
}

/** The key of a job's data that holds the creating request's id (`enqueue` adds it, the worker takes it out). */
export const JOB_REQUEST_ID = '_requestId';

/** A job's data as its handler sees it, and the request id it carried. */
function splitRequestId(data: object): { data: object; requestId?: string } {
  if (!data || typeof data !== 'object' || !(JOB_REQUEST_ID in data)) return { data };
  const { [JOB_REQUEST_ID]: requestId, ...rest } = data as Record<string, unknown>;
  return typeof requestId === 'string' ? { data: rest, requestId } : { data: rest };
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface WorkOptions {
  /** Retries after a failure (default 5), the delay before the first (seconds, default 10), doubled each time. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A run longer than this is failed and retried (default 5 minutes). */
  expireInSeconds?: number;
  /** Fetch loops of this queue per process (default 1), each taking up to `batchSize` jobs at a time (default 5) and running them together. */
  concurrency?: number;
  batchSize?: number;
  /** pg-boss's queue policy; 'short': one waiting job per singletonKey, a second is dropped (queue-create.ts). */
  policy?: 'short';
}

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs (seconds, at least 0.5; default 1). */
  pollingIntervalSeconds?: number;
  /** Unset: the queue runs no workers (enqueue still works); set by buildApp. */
  runWorkers?: boolean;
  onError?: (err: unknown) => void;
}

export interface JobQueue {
  /** Registers the handler of one job name; before or after start. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  start(): Promise<void>;
  /** Stops fetching, waits for running jobs (up to `timeoutMs`), stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Runs job `name` (its worker registered with `work`) on a cron schedule (UTC)
   * once in the whole deployment, however many instances run: pg-boss keeps
   * the schedule in the database and one instance's clock sends each job.
   */
  schedule(name: string, cron: string): Promise<void>;
  /** Wakes the workers of `name` now instead of at their next poll (same process only). */
  nudge(name: string): void;
  /** True between start() and stop() (GET /readyz). */
  readonly running: boolean;
  /** The pg-boss instance (admin views, tests). */
  readonly boss: PgBoss;
}

const noDb: PgBoss.Db = {
  executeSql() {
    return Promise.reject(new Error('the job sender only writes through a transaction'));
  },
};

/** Builds jobs for `enqueue`; never started, it only turns arguments into pg-boss's insert. */
export const sender = new PgBoss({ db: noDb, schema: QUEUE_SCHEMA });

/**
 * Adds a job inside the caller's transaction: committed with it, gone if it
 * rolls back. The job's name must have a worker registered (its queue is
 * created at start), otherwise this throws. Returns the job id (null only
 * when a `singletonKey` job is already waiting).
 */
export async function enqueue(
  tx: AppDb,
  name: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  // The request (or job) that creates it: the worker's log lines for this job carry its id.
  const requestId = currentRequestId();
  const payload = requestId ? { ...data, [JOB_REQUEST_ID]: requestId } : data;
  const id = await sender.send(name, payload, { ...options, db: bossDbOf(tx) });
  if (!id) {
    // With a singletonKey, null means "such a job is already waiting".
    if (options.singletonKey) return null;
    throw new Error(
      `enqueue: no queue "${name}" (register its worker with jobs.work before the queue starts)`,
    );
  }
  return id;
}

export interface Registration {
  name: string;
  handler: JobHandler<object>;
  options: WorkOptions;
  workerIds: string[];
}

/** The app's queue over an opened database (buildApp creates, starts and stops it). */
export function createJobQueue(database: Database, opts: JobQueueOptions = {}): JobQueue {
  const running = inFlight();
  const boss = new PgBoss({
    db: bossDbOf(database.db, running),
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: true,
    // The clock that sends scheduled jobs (queue.schedule); every instance runs one, pg-boss lets
    // one of them send each minute's jobs.
    schedule: true,
    // Completed jobs are kept a day for inspection, then archived and deleted.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 120,
  });
  const onError = opts.onError ?? ((err: unknown) => console.error('job queue error:', err));
  boss.on('error', onError);
  const polling = Math.max(0.5, opts.pollingIntervalSeconds ?? 1);
  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, string>();
  let started = false;

  async function startWorkers(reg: Registration): Promise<void> {
    await createQueueOnce(boss, reg);
    if (!opts.runWorkers) return;
    const concurrency = reg.options.concurrency ?? 1;
    const batchSize = reg.options.batchSize ?? 5;
    for (let i = 0; i < concurrency; i++) {
      let workerId: string | undefined;
      workerId = await boss.work<object>(
        reg.name,
        { pollingIntervalSeconds: polling, batchSize, includeMetadata: true },
        async (jobs) => {
          await running.run(() => runBatch(reg, jobs));
          // A full batch means more may be waiting: fetch again at once rather than after the
          // polling interval (pg-boss waits the interval after every fetch, which capped a queue
          // at batchSize jobs per interval).
          if (jobs.length >= batchSize && workerId) boss.notifyWorker(workerId);
        },
      );
      reg.workerIds.push(workerId);
    }
  }

  /** The batch runs together; each job fails (and is retried) on its own. pg-boss then
   *  completes the batch's jobs still active, i.e. the ones that succeeded. */
  async function runBatch(reg: Registration, jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
    const results = await Promise.allSettled(
      jobs.map((job) => {
        const { data, requestId } = splitRequestId(job.data);
        const context: JobContext = {
          id: job.id,
          name: job.name,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          lastAttempt: job.retryCount >= job.retryLimit,
          ...(requestId ? { requestId } : {}),
        };
        // Log lines written while it runs carry reqId and jobId; jobs it enqueues keep the request id.
        return requestContext.run({ requestId: requestId ?? `job:${job.id}`, jobId: job.id }, () =>
          reg.handler(data, context),
        );
      }),
    );
    for (const [i, result] of results.entries()) {
      const job = jobs[i];
      if (result.status === 'rejected' && job) {
        const reason = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
        const { requestId } = splitRequestId(job.data);
        onError(
          Object.assign(reason, {
            job: { id: job.id, name: job.name, retryCount: job.retryCount, requestId },
          }),
        );
        await boss.fail(reg.name, job.id, { message: reason.message, stack: reason.stack });
      }
    }
  }

  return {
    boss,
    get running() {
      return started;
    },
    async work(name, handler, options = {}) {
      if (registrations.has(name)) throw new Error(`job "${name}" already has a handler`);
      const reg: Registration = { name, handler: handler as JobHandler<object>, options, workerIds: [] };
      registrations.set(name, reg);
      if (started) await startWorkers(reg);
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const reg of registrations.values()) await startWorkers(reg);
      // After the queues exist (a schedule names its queue).
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      const until = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
      // pg-boss's stop does not wait for a fetch already sent; its jobs run after it (boss-db.ts).
      await running.idle(until);
      for (const reg of registrations.values()) reg.workerIds = [];
    },
    async schedule(name, cron) {
      schedules.set(name, cron);
      if (started) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    nudge(name) {
      for (const id of registrations.get(name)?.workerIds ?? []) boss.notifyWorker(id);
    },
  };
}

/**
 * Creates or upgrades pg-boss's own schema (`migrate()` calls it after the
 * drizzle migrations, so test templates and every start have it). pg-boss
 * takes an advisory lock: instances starting together do it once.
 */
export async function installQueueSchema(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: bossDbOf(database.db),
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
