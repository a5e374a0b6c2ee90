import { type SQL, sql } from 'drizzle-orm';
import { currentRequestId } from '../../http/request-context.ts';
import { JOB_REQUEST_ID, QUEUE_SCHEMA } from './queue.ts';

/** A job written by insertJobsSql. */
export interface JobInsert {
  name: string;
  data: object;
  /** With a queue of policy 'short' (WorkOptions.policy): no second job of the key waits. */
  singletonKey?: string;
  /** Not run before. */
  startAfter?: Date;
  /** The caller's `merge` (a jsonb expression) is added to this job's data. */
  merge?: boolean;
  /** Not run before the caller's `startAfter` (a timestamptz expression; null: no later than otherwise). */
  afterJoin?: boolean;
}

/**
 * pg-boss 10's own insert of several jobs (plans.js insertJobs, as the
 * never-started `sender` sends it: no constructor defaults, so every default
 * is the queue's or pg-boss's own) as the body of a data-modifying CTE, for a
 * caller that writes its jobs inside one of its own statements (issue 22):
 * the same columns and values, the queue's policy copied to each row (its
 * unique index drops a second waiting job of a 'short' queue's key), a name
 * without a queue written nowhere. Each job carries the request id, as
 * `enqueue` does. `merge` is a jsonb expression over `from` (a CTE of the
 * statement) added to the data of the jobs that ask for it; `startAfter`, a
 * time over `from` the jobs that ask for it do not run before.
 */
export function insertJobsSql(jobs: JobInsert[], join?: { from: SQL; merge: SQL; startAfter?: SQL }): SQL {
  const requestId = currentRequestId();
  const rows = jobs.map((job) => ({
    name: job.name,
    data: requestId ? { ...job.data, [JOB_REQUEST_ID]: requestId } : job.data,
    singleton_key: job.singletonKey ?? null,
    start_after: job.startAfter?.toISOString() ?? null,
    merge: job.merge ?? false,
    after_join: job.afterJoin ?? false,
  }));
  const schema = sql.raw(QUEUE_SCHEMA);
  const data = join ? sql`CASE WHEN j.merge THEN j.data || ${join.merge} ELSE j.data END` : sql`j.data`;
  // greatest() passes over a null: a job waits for the join's time only when there is one.
  const startAfter = join?.startAfter
    ? sql`(CASE WHEN j.after_join THEN greatest(j.start_after, ${join.startAfter}) ELSE j.start_after END)`
    : sql`j.start_after`;
  return sql`
    INSERT INTO ${schema}.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter,
                               expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT gen_random_uuid(), j.name, ${data}, 0, ${startAfter}, j.singleton_key, NULL, q.dead_letter,
           coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
           ${startAfter} + CAST(coalesce((q.retention_minutes * 60)::text, '14 days') AS interval),
           coalesce(q.retry_limit, 2),
           CASE WHEN coalesce(q.retry_backoff, false) THEN greatest(q.retry_delay, 1) ELSE coalesce(q.retry_delay, 0) END,
           coalesce(q.retry_backoff, false), q.policy
      FROM (SELECT x.name, x.data, x.singleton_key, x.merge, x.after_join, coalesce(x.start_after, now()) AS start_after
              FROM json_to_recordset(${JSON.stringify(rows)}::json)
                AS x (name text, data jsonb, singleton_key text, start_after timestamptz, merge boolean,
                      after_join boolean)) j
      JOIN ${schema}.queue q ON q.name = j.name${join ? sql`, ${join.from}` : sql``}
    ON CONFLICT DO NOTHING
    RETURNING id`;
}
