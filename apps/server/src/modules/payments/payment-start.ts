import { type CheckoutNext, isPaidOrderStatus, type Language, type PaymentMethod } from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentGateway, StartPaymentResult } from './gateway.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { failedPaymentMessage, recordStartResult, startChange } from './payment-outcome.ts';
import {
  insertPayment,
  lastAttempt,
  lastPayment,
  lockOrder,
  lockPaymentOrder,
  type OrderRow,
  setOrderMethod,
  updateCreatedPayment,
} from './payments.repository.ts';

/**
 * The job that settled one attempt whose start answer was never recorded; no
 * longer queued (a sweep resolves them, resolve-sweep.ts), its worker runs the
 * jobs queued before.
 */
export const PAYMENT_RESOLVE_JOB = 'payment.resolve';
export interface PaymentResolveJob {
  paymentId: number;
}
/** When the sweep looks at an attempt: long after any gateway call of its start has ended. */
export const RESOLVE_AFTER_MS = 5 * 60_000;

/** An attempt recorded in the order's transaction, to be started once it commits. */
export interface Attempt {
  paymentId: number;
  orderId: string;
  storeId: number;
  attempt: number;
  method: PaymentMethod;
  gateway: PaymentGateway;
  amountCents: number;
  email: string;
}

/**
 * Phase 1 of a start (ADR 025), inside the caller's transaction: the order
 * (locked here) must be payable and have no attempt being started; attempt N+1
 * is recorded (`created`, its gateway chosen); the resolve sweep
 * (resolve-sweep.ts) settles it if phase 2 never records an answer. No
 * provider is called here. (The checkout records an order's first attempt in
 * the statement that inserts the order: checkout.repository.ts placeOrder.)
 */
export async function recordAttempt(
  tx: AppDb,
  input: {
    orderId: string;
    method: PaymentMethod;
    gateway: PaymentGateway;
  },
): Promise<Attempt> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw new AppError('not_found', 'notFound');
  if (isPaidOrderStatus(order.status) || order.status === 'canceled')
    throw new AppError('conflict', 'conflict');
  if ((await lastPayment(tx, order.id))?.status === 'created') {
    // Another call is starting a payment of this order right now.
    throw new AppError('conflict', 'conflict');
  }
  const attempt = (await lastAttempt(tx, order.id)) + 1;
  const payment = await insertPayment(tx, {
    orderId: order.id,
    attempt,
    method: input.method,
    gateway: input.gateway.name,
    status: 'created',
    amountCents: order.totalCents,
  });
  await setOrderMethod(tx, order, input.method);
  return {
    paymentId: payment.id,
    orderId: order.id,
    storeId: order.storeId,
    attempt,
    method: input.method,
    gateway: input.gateway,
    amountCents: order.totalCents,
    email: order.email,
  };
}

export interface RunOptions {
  /** Method fields (card, phone, iban): passed to the gateway, never stored or logged. */
  fields: Record<string, string>;
  baseUrl: string;
  language: Language;
}

/**
 * Phase 2 of a start, with NO transaction open: the gateway is called, then its
 * answer is recorded in a second short transaction (order locked) and becomes
 * the customer's next step. A gateway that cannot be reached is a failed
 * attempt, not a 5xx (the order stays payable).
 */
export async function runAttempt(db: AppDb, attempt: Attempt, options: RunOptions): Promise<CheckoutNext> {
  let result: StartPaymentResult;
  try {
    result = await attempt.gateway.start({
      paymentId: attempt.paymentId,
      orderId: attempt.orderId,
      storeId: attempt.storeId,
      attempt: attempt.attempt,
      method: attempt.method,
      amountCents: attempt.amountCents,
      currency: 'EUR',
      language: options.language,
      email: attempt.email,
      baseUrl: options.baseUrl,
      fields: options.fields,
    });
  } catch {
    result = {
      outcome: 'failed',
      next: { type: 'failed', message: failedPaymentMessage(options.language) },
      data: { error: 'gateway_unavailable' },
    };
  }
  // The customer must act (a redirect, a challenge, a form): the answer only changes the attempt, so it
  // is one UPDATE of the attempt while still `created`, no transaction (issue 22). A voucher moves the
  // order and queues its expiry, and an attempt settled meanwhile is read under the lock: both below.
  if (result.outcome === 'action' && result.next.type !== 'voucher') {
    if (await updateCreatedPayment(db, attempt.paymentId, startChange(result))) return result.next;
  }
  return db.transaction(async (tx) => {
    const locked = await lockPaymentOrder(tx, attempt.paymentId);
    if (!locked) throw new Error(`payment ${attempt.paymentId} vanished during its start`);
    return recordStartResult(tx, locked.order, locked.payment, result, options.language);
  });
}

/**
 * Both phases for a caller with no transaction open (retries, the PayPal
 * redirect, tests): attempt N+1 of the order through `gateway` (default: the
 * registry's gateway for the store and method; none -> 400).
 */
export async function startPayment(
  db: AppDb,
  gateways: GatewayRegistry,
  input: RunOptions & {
    order: Pick<OrderRow, 'id' | 'storeId'>;
    method: PaymentMethod;
    gateway?: PaymentGateway;
  },
): Promise<{ next: CheckoutNext; attempt: number }> {
  const gateway = input.gateway ?? gateways.gatewayFor(input.order.storeId, input.method);
  if (!gateway) {
    throw new AppError('invalid_data', 'validation', [{ path: 'paymethod', message: 'invalid_option' }]);
  }
  const attempt = await db.transaction((tx) =>
    recordAttempt(tx, { orderId: input.order.id, method: input.method, gateway }),
  );
  return { next: await runAttempt(db, attempt, input), attempt: attempt.attempt };
}
