import type PgBoss from 'pg-boss';
import type { Registration } from './queue.ts';

/** PostgreSQL's deadlock and unique-violation codes: what two instances creating one queue at once meet. */
const CONCURRENT_CREATE_CODES = new Set(['40P01', '23505']);

/**
 * Creates the queue unless it exists. Instances starting together on one
 * PostgreSQL both create each queue (pg-boss adds a table per queue), and one
 * of them can meet a deadlock or a duplicate: the other has created it, so a
 * retry after a short pause finds it and goes on. A queue with a policy has
 * it set again (pg-boss's create leaves an existing queue as it was, and a
 * queue created before it had one would keep 'standard'); pg-boss copies the
 * queue's policy to each job it inserts, and its unique indexes act on it.
 */
export async function createQueueOnce(boss: PgBoss, reg: Registration, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(reg.name, {
        name: reg.name,
        retryLimit: reg.options.retryLimit ?? 5,
        retryDelay: reg.options.retryDelay ?? 10,
        retryBackoff: reg.options.retryBackoff ?? true,
        expireInSeconds: reg.options.expireInSeconds ?? 300,
        ...(reg.options.policy ? { policy: reg.options.policy } : {}),
      });
      if (reg.options.policy)
        await boss.updateQueue(reg.name, { name: reg.name, policy: reg.options.policy });
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !CONCURRENT_CREATE_CODES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
