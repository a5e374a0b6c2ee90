import { formatEuros, formatOrderDate, isPortugueseStore, type Language } from '@shop/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { files, orderItems, orders, stores } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { translate } from '../../http/translate.ts';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../admin/audit.ts';
import { type CreditNoteDeps, issueCreditNote } from '../admin/credit-note.service.ts';
import { invoiceOfOrder } from '../invoices/invoices.service.ts';
import { enqueue } from '../jobs/queue.ts';
import { lockOrder, type OrderRow } from '../orders/order-status.ts';

/** The job that refunds a late order's service fee through the gateway (never inside a transaction). */
export const LATE_REFUND_JOB = 'order.late_refund';
export interface LateRefundJob {
  orderId: string;
}

/** Every top-level item of the order has its result document: the order is delivered. */
async function isDelivered(tx: AppDb, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ missing: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        isNull(orderItems.parentId),
        sql`not exists (select 1 from ${files} where ${files.orderItemId} = ${orderItems.id} and ${files.kind} = 'result')`,
      ),
    );
  return (row?.missing ?? 1) === 0;
}

/**
 * At delivery (the last result document attached, in that transaction with the
 * order locked): an order delivered after its promise, not waived, gets its
 * service fee (its invoice's total less the official fees) refunded by a job
 * (the gateway is never called inside a transaction), and the delivery mail
 * says so: the paragraph it answers. Null when on time, waived, or not delivered yet.
 */
export async function lateRefundAtDelivery(
  tx: AppDb,
  order: OrderRow,
  now: Date = new Date(),
): Promise<string | null> {
  if (!order.promisedAt || now.getTime() <= order.promisedAt.getTime() || order.lateRefund) return null;
  if (!(await isDelivered(tx, order.id))) return null;
  const invoice = await invoiceOfOrder(tx, order.id);
  if (!invoice) return null;
  const official = invoice.lines.reduce((sum, line) => sum + line.officialFeeCents, 0);
  const amountCents = invoice.totalCents - official;
  if (amountCents <= 0) return null;
  const lateRefund = { state: 'queued' as const, at: now.toISOString(), amount_cents: amountCents };
  await tx.update(orders).set({ lateRefund, updatedAt: now }).where(eq(orders.id, order.id));
  order.lateRefund = lateRefund;
  await enqueue(tx, LATE_REFUND_JOB, { orderId: order.id } satisfies LateRefundJob, {
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
    singletonKey: `late-refund-${order.id}`,
  });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'order.late_refund_queued',
    entity: 'order',
    entityId: order.id,
    after: lateRefund,
    details: { promised_at: order.promisedAt.toISOString(), delivered_at: now.toISOString() },
  });
  const [store] = await tx
    .select({ language: stores.language })
    .from(stores)
    .where(eq(stores.id, order.storeId));
  const language: Language = store?.language ?? 'es';
  const zone = isPortugueseStore(order.storeId) ? 'Europe/Lisbon' : 'Europe/Madrid';
  return translate(language, 'promise.refunded', {
    promise: formatOrderDate(order.promisedAt.toISOString(), zone) ?? '',
    amount: formatEuros(amountCents, language),
  });
}

/**
 * The late-refund job: the service fee back through the gateway with a credit
 * note (issueCreditNote: intent, gateway, record, each in its own short
 * transaction, ADR 029). A waiver meanwhile (or a refund already done) leaves it.
 */
export async function runLateRefund(db: AppDb, deps: CreditNoteDeps, job: LateRefundJob): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, job.orderId));
  if (order?.lateRefund?.state !== 'queued') return;
  const amountCents = order.lateRefund.amount_cents;
  const [store] = await db
    .select({ language: stores.language })
    .from(stores)
    .where(eq(stores.id, order.storeId));
  const language = store?.language ?? 'es';
  const note = await issueCreditNote(db, deps, SYSTEM_ACTOR, {
    orderId: order.id,
    reason: translate(language, 'promise.late'),
    amountCents,
  });
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return;
    const done = {
      state: 'done' as const,
      at: new Date().toISOString(),
      amount_cents: amountCents,
      credit_note: note.number,
    };
    await tx.update(orders).set({ lateRefund: done }).where(eq(orders.id, order.id));
  });
}

/**
 * An operator waives a late order's service-fee refund, with the reason
 * (audited): before delivery, or while the refund job has not run yet. A
 * refund already made cannot be waived (409).
 */
export async function waiveLateRefund(
  db: AppDb,
  actor: Actor,
  orderId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    if (order.lateRefund?.state === 'done' || order.lateRefund?.state === 'waived') {
      throw new AppError('conflict', 'conflict');
    }
    const waived = {
      state: 'waived' as const,
      at: new Date().toISOString(),
      reason,
      operator_id: actor.operatorId,
    };
    await tx.update(orders).set({ lateRefund: waived }).where(eq(orders.id, orderId));
    await recordAudit(tx, actor, {
      action: 'order.late_refund_waived',
      entity: 'order',
      entityId: orderId,
      before: order.lateRefund ?? null,
      after: waived,
      details: { reason },
    });
  });
}
