import type { AppDb } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { IssueSourceRow } from '../invoices/invoices.sql.ts';
import type { PaymentNotice } from './gateway.ts';
import { applyPaid, moveOrder, type PaidEffect, type PaymentExpiryJob } from './payment-outcome.ts';
import {
  hasWaitingPayment,
  lockNoticeByRef,
  lockPaymentOrder,
  type OrderRow,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';

export type NoticeResult =
  | { status: 'applied'; orderId: string; effect: PaidEffect | 'failed' | 'refunded' | 'pending' | 'ignored' }
  | { status: 'duplicate'; orderId: string };

/**
 * Applies a verified gateway notice, idempotently: the event id is recorded
 * once (unique payment_events.event_id) while the order row is locked, so
 * however many times and however concurrently a notice arrives, the order is
 * paid exactly once. Unknown payment -> 404 (the gateway stops retrying a
 * notice that is not ours).
 */
export async function applyNotice(
  db: AppDb,
  gatewayName: string,
  notice: PaymentNotice,
): Promise<NoticeResult> {
  return db.transaction(async (tx) => {
    // The lock, the event's record and (a capture) the invoice's source in one statement (issue 22).
    const found = await lockNoticeByRef(
      tx,
      gatewayName,
      notice.providerRef,
      { eventId: `${gatewayName}:${notice.eventId}`, type: notice.outcome, payload: notice.raw },
      notice.outcome === 'paid',
    );
    if (!found) throw new AppError('not_found', 'notFound');
    return applyLockedNotice(tx, gatewayName, found.order, found.payment, notice, {
      recorded: found.recorded,
      source: found.source,
    });
  });
}

/**
 * applyNotice's work once the payment and its order are locked and read under
 * the lock (also the resolve job's, for a looked-up outcome): `payment` is the
 * row as it is now, since another notice of it waits for the lock. The event
 * is recorded here unless the locking read recorded it (`read`), with the
 * invoice's source for a capture.
 */
export async function applyLockedNotice(
  tx: AppDb,
  gatewayName: string,
  order: OrderRow,
  payment: PaymentRow,
  notice: PaymentNotice,
  read?: { recorded: boolean; source: IssueSourceRow | null },
): Promise<NoticeResult> {
  const recorded = read
    ? read.recorded
    : (
        await tx
          .insert(paymentEvents)
          .values({
            paymentId: payment.id,
            eventId: `${gatewayName}:${notice.eventId}`,
            type: notice.outcome,
            payload: notice.raw,
          })
          .onConflictDoNothing({ target: paymentEvents.eventId })
          .returning({ id: paymentEvents.id })
      ).length > 0;
  if (!recorded) return { status: 'duplicate', orderId: order.id };
  const applied = (effect: PaidEffect | 'failed' | 'refunded' | 'pending' | 'ignored'): NoticeResult => ({
    status: 'applied',
    orderId: order.id,
    effect,
  });

  if (notice.amountCents !== undefined && notice.amountCents !== payment.amountCents) {
    // Not what the order costs: held for an operator rather than marked paid.
    await updatePayment(tx, payment.id, { data: { amount_mismatch: notice.amountCents } });
    await moveOrder(tx, order, 'payment_review', 'order.payment_review', { paid: false });
    return applied('ignored');
  }
  if (notice.outcome === 'pending') {
    // The customer acted and the money is on its way (a SEPA debit): the order waits, its mandate kept.
    if (payment.status !== 'created' && payment.status !== 'pending') return applied('ignored');
    await updatePayment(tx, payment.id, { status: 'pending', data: notice.data ?? {} });
    await moveOrder(tx, order, 'processing', 'order.payment_pending', { paid: false, paymentPending: true });
    return applied('pending');
  }
  if (notice.outcome === 'paid') {
    if (payment.status === 'paid' || payment.status === 'refunded') return applied('ignored');
    // A notice's transaction ends with the capture: its invoice's INSERT commits it (issue 22).
    return applied(await applyPaid(tx, order, payment, read?.source, read !== undefined));
  }
  if (notice.outcome === 'failed') {
    if (payment.status !== 'created' && payment.status !== 'pending') return applied('ignored');
    await failAttempt(tx, order, payment.id, {});
    return applied('failed');
  }
  if (payment.status === 'paid') {
    await updatePayment(tx, payment.id, { status: 'refunded' });
    return applied('refunded');
  }
  return applied('ignored');
}

/**
 * An attempt that will not be paid (refused, expired, abandoned): the payment
 * fails and, unless another attempt still waits, the order is payable again.
 */
export async function failAttempt(
  tx: AppDb,
  order: OrderRow,
  paymentId: number,
  data: Record<string, unknown>,
): Promise<void> {
  await updatePayment(tx, paymentId, { status: 'failed', data });
  if (!(await hasWaitingPayment(tx, order.id))) {
    await moveOrder(tx, order, 'pending_payment', 'order.payment_failed', { paid: false });
  }
}

/**
 * Lapses a payment still waiting at its expiry (a voucher nobody paid): the
 * payment fails and, when no other attempt waits, the order goes back to
 * pending_payment. A payment paid meanwhile is left alone.
 */
export async function expirePayment(db: AppDb, job: PaymentExpiryJob): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockPaymentOrder(tx, job.paymentId);
    if (!locked) return false;
    const { order, payment } = locked;
    if (payment.status !== 'pending' && payment.status !== 'created') return false;
    await failAttempt(tx, order, payment.id, { expired: true });
    return true;
  });
}
