import type { AppDb } from '../../db/client.ts';
import { currentRequestId } from '../../http/request-context.ts';
import { bossDbOf } from './boss-db.ts';
import { JOB_REQUEST_ID, sender } from './queue.ts';

/**
 * Adds several jobs (of any names) inside the caller's transaction in one
 * statement (pg-boss's insert), each carrying the request id as `enqueue`
 * does. The names must have workers registered (their queues exist).
 */
export async function enqueueMany(tx: AppDb, jobs: { name: string; data: object }[]): Promise<void> {
  const requestId = currentRequestId();
  await sender.insert(
    jobs.map((job) => ({
      name: job.name,
      data: requestId ? { ...job.data, [JOB_REQUEST_ID]: requestId } : job.data,
    })),
    { db: bossDbOf(tx) } as never,
  );
}
