import type { BulkTransitionAnswer, BulkTransitionBody } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from './audit.ts';
import { transitionOrder } from './orders-admin.service.ts';

type BulkResult = BulkTransitionAnswer['results'][number];

/**
 * Moves each selected order to the same panel status, one transaction per
 * order through transitionOrder (so changeOrderStatus checks each move against
 * the state machine and audits it, marked as part of a bulk change). One
 * refusal does not stop the others: the answer tells, per order, whether it
 * moved and why not. Orders are taken in the order given, each id once.
 */
export async function bulkTransition(
  db: AppDb,
  actor: Actor,
  body: BulkTransitionBody,
): Promise<BulkTransitionAnswer> {
  const results: BulkResult[] = [];
  for (const id of new Set(body.ids)) {
    try {
      const moved = await transitionOrder(db, actor, id, { to: body.to, message: '' }, undefined, {
        bulk: true,
      });
      results.push({ id, ok: true, status: moved.status });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      const reason = !row ? 'not_found' : error.code === 'transitionNoDocument' ? 'no_document' : 'refused';
      results.push({ id, ok: false, status: row?.status ?? null, reason });
    }
  }
  return { ok: true, results };
}
