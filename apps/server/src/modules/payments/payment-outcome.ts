import {
  type CheckoutNext,
  CheckoutNextSchema,
  isPaidOrderStatus,
  type Language,
  type OrderStatus,
  type TransitionContext,
} from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { translate } from '../../http/translate.ts';
import { SYSTEM_ACTOR } from '../admin/audit.ts';
import { processCalendars } from '../calendars/calendar-cache.ts';
import { paidPromise } from '../calendars/promise.service.ts';
import { prepareInvoice } from '../invoices/invoice-issue.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import type { IssueSourceRow } from '../invoices/invoices.sql.ts';
import { ORDER_CONFIRMATION_JOB } from '../invoices/order-confirmation.ts';
import type { JobInsert } from '../jobs/jobs-sql.ts';
import { enqueue } from '../jobs/queue.ts';
import { changeOrderStatus, type StatusChange } from '../orders/order-status.ts';
import type { StartPaymentResult } from './gateway.ts';
import { type OrderRow, type PaymentRow, updatePayment, updatePaymentSql } from './payments.repository.ts';
import { queueVoucherMail } from './voucher-mail.ts';

/** The failed-payment text of spec 4, in the store's language. */
export function failedPaymentMessage(language: Language): string {
  return translate(language, 'payments.failed');
}

/** What a failed attempt answers: the spec's text, and that no money was taken (issue 17 item 5). */
export function failedNext(language: Language): Extract<CheckoutNext, { type: 'failed' }> {
  return {
    type: 'failed',
    message: failedPaymentMessage(language),
    detail: translate(language, 'payments.core.noCharge'),
  };
}

/** The job that lapses an unpaid Multibanco voucher at its expiry. */
export const PAYMENT_EXPIRY_JOB = 'payment.expire';
export interface PaymentExpiryJob {
  paymentId: number;
}

/** The job that gives back money captured for an order another attempt had already paid (item 4). */
export const PAYMENT_REFUND_JOB = 'payment.refund';
export interface PaymentRefundJob {
  paymentId: number;
}

/**
 * Moves the order for a payment's reason through the one status function
 * (its audit row names `system`); a move the state machine refuses changes
 * nothing and answers false.
 */
export async function moveOrder(
  tx: AppDb,
  order: OrderRow,
  to: OrderStatus,
  action: string,
  context: Pick<TransitionContext, 'paid' | 'paymentPending'>,
  details?: Record<string, unknown>,
  set?: StatusChange['set'],
  alsoWrite?: StatusChange['alsoWrite'],
): Promise<boolean> {
  if (order.status === to) return false;
  const moved = await changeOrderStatus(tx, order, {
    to,
    actor: SYSTEM_ACTOR,
    action,
    context: { creditNoteIssued: false, documentAttached: false, ...context },
    ...(details ? { details } : {}),
    ...(set ? { set } : {}),
    ...(alsoWrite ? { alsoWrite } : {}),
  });
  return moved.ok;
}

/** What applying a payment's capture did. */
export type PaidEffect = 'order_paid' | 'already_paid' | 'not_payable';

/**
 * A captured payment: the payment is marked paid and, when the order is still
 * payable, the order moves to complete_pending (domain state machine), its
 * invoice takes the next number of its series, and the confirmation is queued,
 * all in the caller's transaction. The order row must be locked by the caller
 * (`source`: the invoice's source when the caller's locking read has it).
 * Money captured for an order another attempt already paid (an abandoned
 * voucher paid late), or for a canceled one, is given back: a refund job is
 * queued with it (payment-jobs.ts refunds outside any transaction).
 * `last`: nothing follows in the caller's transaction (a notice): a paid
 * order's move and invoice commit it (db/commit-with.ts).
 */
export async function applyPaid(
  tx: AppDb,
  order: OrderRow,
  payment: PaymentRow,
  source?: IssueSourceRow | null,
  last = false,
): Promise<PaidEffect> {
  const alreadyPaid = isPaidOrderStatus(order.status);
  const now = new Date();
  // The confirmation job (with the invoice's id) is queued in the invoice's INSERT statement.
  const jobs: JobInsert[] = [{ name: ORDER_CONFIRMATION_JOB, data: { orderId: order.id }, merge: true }];
  // A notice (`last`, with the invoice's source read under its lock) computes the invoice first and
  // sends the move (which takes the number and locks the chain), the invoice's statement and the commit
  // in one round trip (issue 22): the series' row is held for the database's time only.
  const prepared =
    last && !alreadyPaid && source && source.existing_id === null
      ? prepareInvoice(order, now, source, jobs)
      : null;
  const move =
    !alreadyPaid && order.status !== 'complete_pending'
      ? await changeOrderStatus(tx, order, {
          to: 'complete_pending',
          actor: SYSTEM_ACTOR,
          action: 'order.paid',
          context: { creditNoteIssued: false, documentAttached: false, paid: true },
          details: { payment_id: payment.id },
          // The promise stored with the payment, in the same UPDATE (ADR 034): calendars from memory.
          set: { promisedAt: paidPromise(processCalendars()?.peek() ?? null, order, now) },
          // The payment marked paid in the move's statement (issue 22); a refused move writes neither.
          alsoWrite: updatePaymentSql(tx, payment.id, { status: 'paid' }),
          ...(prepared ? { alsoWith: prepared.locks, commitWith: [prepared.issue] } : {}),
        })
      : null;
  const moved = move?.ok === true;
  const effect: PaidEffect = moved ? 'order_paid' : alreadyPaid ? 'already_paid' : 'not_payable';
  const refund = !moved && (alreadyPaid || order.status === 'canceled');
  if (!moved) {
    await updatePayment(tx, payment.id, {
      status: 'paid',
      data: { needs_refund: effect, ...(refund ? { refund: 'queued' } : {}) },
    });
  }
  if (moved && !prepared) {
    await issueInvoice(tx, order, now, jobs, source);
  } else if (refund) {
    await enqueue(tx, PAYMENT_REFUND_JOB, { paymentId: payment.id } satisfies PaymentRefundJob, {
      retryLimit: 10,
      retryDelay: 60,
      retryBackoff: true,
    });
  }
  return effect;
}

/** What a start's answer writes to its attempt: status, the provider's reference and data. */
export function startChange(result: StartPaymentResult): {
  status: 'paid' | 'failed' | 'pending';
  providerRef: string | null;
  data: Record<string, unknown>;
} {
  const status =
    result.outcome === 'paid' ? 'paid' : result.outcome === 'failed' ? 'failed' : ('pending' as const);
  const where = result.next.type === 'redirect' || result.next.type === '3ds' ? result.next.url : undefined;
  return {
    status,
    providerRef: result.providerRef ?? null,
    data: {
      ...result.data,
      // Where the customer acts (approval page, challenge): paypal/standard/redirect/ sends them back there.
      ...(where ? { next_url: where } : {}),
      // The step a repeated checkout request answers (checkout idempotency).
      ...(result.outcome === 'failed' ? {} : { next: result.next }),
    },
  };
}

/**
 * Phase 2 of a start (payment-start.ts): records the gateway's answer with the
 * order locked (the caller's short transaction) and says what the customer
 * does next: paid -> the order is paid at once; voucher / mandate -> processing
 * (a voucher lapses at its expiry); failed -> the order stays payable and the
 * answer carries the spec's failed-payment text. An attempt settled meanwhile
 * (a notice, or the resolve job) is not overwritten: a capture still counts.
 */
export async function recordStartResult(
  tx: AppDb,
  order: OrderRow,
  payment: PaymentRow,
  result: StartPaymentResult,
  language: Language,
): Promise<CheckoutNext> {
  if (payment.status !== 'created') {
    if (result.outcome === 'paid' && payment.status !== 'paid' && payment.status !== 'refunded') {
      await applyPaid(tx, order, payment);
      payment.status = 'paid';
    }
    return nextOf(order, payment, language);
  }
  await updatePayment(tx, payment.id, startChange(result));

  if (result.outcome === 'paid') {
    await applyPaid(tx, order, { ...payment, status: 'paid' });
    return { type: 'success' };
  }
  if (result.outcome === 'pending' || result.next.type === 'voucher') {
    await moveOrder(tx, order, 'processing', 'order.payment_pending', { paid: false, paymentPending: true });
    // An unpaid voucher lapses at its expiry: the order becomes payable again by other methods.
    if (result.next.type === 'voucher') {
      await enqueue(tx, PAYMENT_EXPIRY_JOB, { paymentId: payment.id } satisfies PaymentExpiryJob, {
        startAfter: new Date(result.next.expires_at),
      });
      // The voucher by e-mail now, and its reminder a day before it expires (voucher-mail.ts).
      const { entity, reference, amount, expires_at } = result.next;
      await queueVoucherMail(tx, {
        order,
        paymentId: payment.id,
        voucher: { entity, reference, amount, expires_at },
      });
    }
  } else if (result.outcome === 'failed') {
    await moveOrder(tx, order, 'pending_payment', 'order.payment_failed', { paid: false });
    // The spec's failed-payment text, whatever the gateway said (its reason stays in the payment's data).
    return failedNext(language);
  }
  return result.next;
}

/**
 * The next step an attempt stands at now, from what is stored (a repeated
 * checkout request, a lost answer): paid -> success; failed -> the failed text;
 * waiting for the customer or the provider -> the step its start answered;
 * still being started -> pending.
 */
export function nextOf(order: OrderRow, payment: PaymentRow | undefined, language: Language): CheckoutNext {
  if (isPaidOrderStatus(order.status) || payment?.status === 'paid') return { type: 'success' };
  if (!payment || payment.status === 'failed' || payment.status === 'refunded') {
    return failedNext(language);
  }
  const stored = CheckoutNextSchema.safeParse(payment.data.next);
  return stored.success ? stored.data : { type: 'pending' };
}
