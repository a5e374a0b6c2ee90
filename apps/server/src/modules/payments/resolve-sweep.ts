import { and, gt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { resolveAttempt } from './payment-jobs.ts';
import { RESOLVE_AFTER_MS } from './payment-start.ts';

/**
 * The periodic resolution of attempts whose start answer was never recorded
 * (ADR 025), instead of one `payment.resolve` job per attempt (issue 22: the
 * job's insert and pg-boss's fetch and completion were 3 statements of every
 * order). A pg-boss schedule: once a minute in the whole deployment.
 */
export const RESOLVE_SWEEP_JOB = 'payment.resolve-sweep';
export const RESOLVE_SWEEP_CRON = '* * * * *';
/**
 * How long an attempt is looked at again while its gateway cannot say what
 * became of it: about as long as the per-attempt job retried (10 retries from
 * a minute, doubled). Older ones are resolved by the order's next call or a
 * retry (payment-jobs.ts settleStaleAttempt), as after the job's last retry.
 */
export const RESOLVE_WINDOW_MS = 24 * 3600_000;
/**
 * Attempts one pass resolves at most, taken at random among the stale ones, so
 * attempts whose gateway keeps failing cannot hold back the others pass after
 * pass; the next minute's pass takes the rest.
 */
export const RESOLVE_SWEEP_LIMIT = 50;

export interface SweepReport {
  resolved: number;
  failed: number;
}

/**
 * One pass: every attempt still `created` RESOLVE_AFTER_MS after it was
 * recorded (long after any gateway call of its start has ended) is resolved.
 * One attempt's gateway failing leaves it for the next pass and does not stop
 * the others. resolveAttempt leaves an attempt settled meanwhile alone, so a
 * pass, a retry and the order's summary may all reach the same one.
 */
export async function resolveStaleAttempts(
  db: AppDb,
  gateways: GatewayRegistry,
  now = new Date(),
  onError: (err: unknown, paymentId: number) => void = () => undefined,
): Promise<SweepReport> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        // A literal, not a parameter: the partial index payments_created_idx matches it in every plan.
        sql`${payments.status} = 'created'`,
        lte(payments.createdAt, new Date(now.getTime() - RESOLVE_AFTER_MS)),
        gt(payments.createdAt, new Date(now.getTime() - RESOLVE_WINDOW_MS)),
      ),
    )
    .orderBy(sql`random()`)
    .limit(RESOLVE_SWEEP_LIMIT);
  const report: SweepReport = { resolved: 0, failed: 0 };
  for (const { id } of rows) {
    try {
      await resolveAttempt(db, gateways, id);
      report.resolved++;
    } catch (err) {
      report.failed++;
      onError(err, id);
    }
  }
  return report;
}
