import { type OrderQueueQuery, promiseDue } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { LateRefund } from '../../db/schema/index.ts';

/** The back-office queue's promise columns (orders o): the promise and whether the customer chose urgent. */
export const QUEUE_PROMISE_COLUMNS = sql`o.promised_at, coalesce((o.promise_basis->>'urgent')::boolean, false) as urgent`;
export type QueuePromiseColumns = { promised_at: string | Date | null; urgent: boolean | string };

/**
 * The queue's order (ADR 034): by default the least time left to the promise
 * first (overdue ones on top), orders without a promise after them, then the
 * oldest; 'age' keeps the oldest first. `page` orders the page's ids (orders
 * o, using orders_promised_idx), `rows` the page's rows (cte page).
 */
export function queueOrder(sort: OrderQueueQuery['sort']) {
  if (sort === 'age')
    return { page: sql`o.created_at asc, o.id asc`, rows: sql`page.created_at asc, page.id asc` };
  return {
    page: sql`o.promised_at asc nulls last, o.created_at asc, o.id asc`,
    rows: sql`page.promised_at asc nulls last, page.created_at asc, page.id asc`,
  };
}

/** A queue row's promise fields: the promise, how it stands now (none once delivered or closed), urgent. */
export function queuePromise(row: QueuePromiseColumns & { status: string }, now: Date) {
  const promisedAt = row.promised_at === null ? null : new Date(row.promised_at).toISOString();
  const open = !['complete_ready', 'closed', 'canceled'].includes(row.status);
  return {
    promised_at: promisedAt,
    promise_due: open ? promiseDue(promisedAt, now) : null,
    urgent: row.urgent === true || row.urgent === 't',
  };
}

/** The order screen's promise fields: the promise and the late-delivery refund as it stands. */
export function detailPromise(order: { promisedAt: Date | null; lateRefund: LateRefund | null }) {
  const late = order.lateRefund;
  return {
    promised_at: order.promisedAt?.toISOString() ?? null,
    late_refund: late
      ? {
          state: late.state,
          amount_cents: 'amount_cents' in late ? late.amount_cents : null,
          reason: late.state === 'waived' ? late.reason : null,
        }
      : null,
  };
}
