import type { AppDb } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentNotice } from './gateway.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { applyLockedNotice, failAttempt } from './payment-notices.ts';
import { lockPaymentOrder, paymentById, updatePayment } from './payments.repository.ts';

/** An attempt still `created` this long after it was recorded lost its start answer (a crash): it may be resolved. */
export const STALE_ATTEMPT_MS = 2 * 60_000;

export type ResolveEffect = 'unchanged' | 'settled' | 'abandoned';

/**
 * Settles an attempt whose start answer was never recorded (ADR 025): the
 * gateway's `lookup` says what it knows (no transaction open while it is asked),
 * and a settled outcome is applied as a notice would be; without `lookup`, or
 * when the provider has nothing settled, the attempt is failed as abandoned so
 * the order is payable again. An attempt settled meanwhile is left alone, so
 * the job and a retry may both call it.
 */
export async function resolveAttempt(
  db: AppDb,
  gateways: GatewayRegistry,
  paymentId: number,
): Promise<ResolveEffect> {
  const payment = await paymentById(db, paymentId);
  if (payment?.status !== 'created') return 'unchanged';
  const gateway = gateways.named(payment.gateway);
  let notice: PaymentNotice | null = null;
  if (gateway?.lookup) {
    notice = await gateway.lookup({
      ...(payment.providerRef ? { providerRef: payment.providerRef } : {}),
      paymentId: payment.id,
      orderId: payment.orderId,
      attempt: payment.attempt,
    });
  }
  return db.transaction(async (tx) => {
    const locked = await lockPaymentOrder(tx, paymentId);
    if (locked?.payment.status !== 'created') return 'unchanged';
    if (notice) {
      let payment = locked.payment;
      if (!payment.providerRef) {
        await updatePayment(tx, paymentId, { providerRef: notice.providerRef });
        payment = { ...payment, providerRef: notice.providerRef };
      }
      await applyLockedNotice(tx, payment.gateway, locked.order, payment, notice);
      return 'settled';
    }
    await failAttempt(tx, locked.order, paymentId, { error: 'abandoned' });
    return 'abandoned';
  });
}

/**
 * Before a new attempt of an order (retry): an attempt still being started is
 * resolved first when it is stale; a fresh one means another call is starting
 * a payment right now (409).
 */
export async function settleStaleAttempt(
  db: AppDb,
  gateways: GatewayRegistry,
  last: { id: number; status: string; createdAt: Date } | undefined,
  now = Date.now(),
): Promise<void> {
  if (last?.status !== 'created') return;
  if (now - last.createdAt.getTime() < STALE_ATTEMPT_MS) throw new AppError('conflict', 'conflict');
  await resolveAttempt(db, gateways, last.id);
}

/**
 * Gives back money captured for an order another attempt had already paid
 * (payment-outcome.ts applyPaid queued it): the gateway's refund runs with no
 * transaction open, then the result is recorded under the order's lock. Runs
 * again harmlessly: a payment already refunded, or no longer queued, is left
 * alone; a gateway error throws so the job is retried.
 */
export async function refundLatePayment(
  db: AppDb,
  gateways: GatewayRegistry,
  paymentId: number,
): Promise<boolean> {
  const payment = await paymentById(db, paymentId);
  if (payment?.status !== 'paid' || payment.data.refund !== 'queued') return false;
  const gateway = gateways.named(payment.gateway);
  if (!gateway || !payment.providerRef) {
    await db.transaction((tx) => updatePayment(tx, paymentId, { data: { refund: 'impossible' } }));
    return false;
  }
  const refund = await gateway.refund({
    providerRef: payment.providerRef,
    amountCents: payment.amountCents,
    paymentId: payment.id,
  });
  return db.transaction(async (tx) => {
    const locked = await lockPaymentOrder(tx, paymentId);
    if (locked?.payment.status !== 'paid') return false;
    await updatePayment(tx, paymentId, {
      status: 'refunded',
      data: { refund: 'done', refund_ref: refund.providerRef },
    });
    return true;
  });
}
