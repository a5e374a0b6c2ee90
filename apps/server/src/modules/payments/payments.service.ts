import { checkTransition, isOrderStatus, type Language, type OrderStatus } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/translate.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { queueConfirmation } from '../invoices/order-confirmation.ts';
import { enqueue } from '../jobs/queue.ts';
import type {
  CheckoutNext,
  PaymentGateway,
  PaymentMethod,
  PaymentNotice,
  StartPaymentResult,
} from './gateway.ts';
import { sandboxGateway } from './sandbox.gateway.ts';
import { queueVoucherMail } from './voucher-mail.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  'cc',
  'stripe',
  'monei',
  'moneimultibanco',
  'multibanco',
  'bizum',
  'paypal',
  'bank',
  'mbway',
];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/* ------------------------------------------------------------------ gateways */

const registered = new Map<string, PaymentGateway>([[sandboxGateway.name, sandboxGateway]]);

/** Makes a real adapter (stripe, redsys) selectable by PAYMENT_GATEWAYS. */
export function registerGateway(gateway: PaymentGateway): void {
  registered.set(gateway.name, gateway);
}

/** A registered gateway by name (notice routes); undefined when unknown. */
export function gatewayNamed(name: string): PaymentGateway | undefined {
  return registered.get(name);
}

/**
 * `PAYMENT_GATEWAYS` = comma list of `[storeId:]method=gateway`, e.g.
 * `cc=redsys,bizum=redsys,14:stripe=stripe`; a store entry wins over a general one.
 * Anything not named pays through the sandbox (docs/payments.md).
 */
export function parseGatewaySelection(raw: string | undefined): Map<string, string> {
  const selection = new Map<string, string>();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^(?:(\d+):)?([a-z]+)=([a-z0-9_-]+)$/i.exec(entry);
    if (!match?.[2] || !match[3] || !isPaymentMethod(match[2])) {
      throw new Error(`PAYMENT_GATEWAYS: expected [storeId:]method=gateway, got "${entry}"`);
    }
    selection.set(match[1] ? `${match[1]}:${match[2]}` : match[2], match[3]);
  }
  return selection;
}

let selection = parseGatewaySelection(process.env.PAYMENT_GATEWAYS);

/** Replaces the gateway selection (tests, the payments plugin at start). */
export function setGatewaySelection(raw: string | undefined): void {
  selection = parseGatewaySelection(raw);
}

let sandboxEnabled = true;

/** Turns the sandbox gateway on or off (PAYMENT_SANDBOX; off by default in production). */
export function setSandboxEnabled(enabled: boolean): void {
  sandboxEnabled = enabled;
}

/** The gateway that takes `method` payments on `storeId`: the sandbox unless PAYMENT_GATEWAYS names another. */
export function gatewayFor(storeId: number, method: PaymentMethod): PaymentGateway {
  const name = selection.get(`${storeId}:${method}`) ?? selection.get(method) ?? sandboxGateway.name;
  if (name === sandboxGateway.name && !sandboxEnabled) {
    throw new Error(`no gateway takes ${method} on store ${storeId} (the sandbox is off: PAYMENT_SANDBOX)`);
  }
  const gateway = registered.get(name);
  if (!gateway) throw new Error(`PAYMENT_GATEWAYS names gateway "${name}", which is not registered`);
  return gateway;
}

/* ------------------------------------------------------------------ start */

export interface StartPaymentOptions {
  order: Pick<OrderRow, 'id' | 'storeId' | 'totalCents' | 'email'>;
  /**
   * The order row when the caller's transaction has just created it (checkout):
   * no other transaction sees it and it has no payment yet, so it is neither
   * locked nor asked for its last attempt again.
   */
  created?: OrderRow;
  method: PaymentMethod;
  /** Method fields (card, phone, iban): passed to the gateway, never stored or logged. */
  fields: Record<string, string>;
  baseUrl: string;
  language: Language;
}

/** Locks the order row for the rest of the transaction (payments and notices serialise on it). */
export async function lockOrder(tx: AppDb, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The failed-payment text of spec 4, in the store's language. */
export function failedPaymentMessage(language: Language): string {
  return translate(language, 'payments.failed');
}

/** True when the order has been paid (a payment captured). */
export function isPaidStatus(status: string): boolean {
  return status.startsWith('complete') || status === 'closed';
}

/**
 * Starts payment attempt N+1 of the order inside the caller's transaction:
 * the payments row, the gateway's answer, and what it means for the order
 * (paid -> complete_pending at once; voucher / mandate -> processing; failed ->
 * the order stays payable, the answer carries the failed-payment text).
 */
export async function startPayment(tx: AppDb, options: StartPaymentOptions): Promise<CheckoutNext> {
  const order = options.created ?? (await lockOrder(tx, options.order.id));
  if (!order) throw new AppError('not_found', 'notFound');
  if (isPaidStatus(order.status) || order.status === 'canceled') throw new AppError('conflict', 'conflict');
  const attempt = options.created ? 1 : (await lastAttempt(tx, order.id)) + 1;
  let gateway: PaymentGateway | null;
  try {
    gateway = gatewayFor(order.storeId, options.method);
  } catch {
    // No gateway may take the method here (the sandbox is off, an adapter is missing): a failed
    // attempt, recorded, rather than an error; the customer may choose another method.
    gateway = null;
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      attempt,
      method: options.method,
      gateway: gateway?.name ?? 'none',
      status: 'created',
      amountCents: order.totalCents,
    })
    .returning();
  if (!payment) throw new Error('payment row not created');
  if (!gateway) {
    const failed: StartPaymentResult = {
      outcome: 'failed',
      next: { type: 'failed', message: failedPaymentMessage(options.language) },
      data: { error: 'no_gateway' },
    };
    return recordStart(tx, order, payment, failed, options.language);
  }

  let result: StartPaymentResult;
  try {
    result = await gateway.start({
      paymentId: payment.id,
      orderId: order.id,
      storeId: order.storeId,
      attempt,
      method: options.method,
      amountCents: order.totalCents,
      currency: 'EUR',
      language: options.language,
      email: order.email,
      baseUrl: options.baseUrl,
      fields: options.fields,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A gateway that cannot be reached is a failed attempt, not a 5xx (the order stays payable).
    result = {
      outcome: 'failed',
      next: { type: 'failed', message: failedPaymentMessage(options.language) },
      data: { error: 'gateway_unavailable' },
    };
  }
  return recordStart(tx, order, payment, result, options.language);
}

/** The order's highest attempt number (0 before the first). */
async function lastAttempt(tx: AppDb, orderId: string): Promise<number> {
  const [last] = await tx
    .select({ attempt: sql<number>`coalesce(max(${payments.attempt}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Number(last?.attempt ?? 0);
}

async function recordStart(
  tx: AppDb,
  order: OrderRow,
  payment: PaymentRow,
  result: StartPaymentResult,
  language: Language,
): Promise<CheckoutNext> {
  const status =
    result.outcome === 'paid' ? 'paid' : result.outcome === 'failed' ? 'failed' : ('pending' as const);
  await tx
    .update(payments)
    .set({
      status,
      providerRef: result.providerRef ?? null,
      // Where the customer acts (approval page, challenge): paypal/standard/redirect/ sends them back there.
      data:
        result.next.type === 'redirect' || result.next.type === '3ds'
          ? { ...result.data, next_url: result.next.url }
          : (result.data ?? {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  if (order.paymentMethod !== payment.method) {
    await tx
      .update(orders)
      .set({ paymentMethod: payment.method, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    order.paymentMethod = payment.method;
  }

  if (result.outcome === 'paid') {
    await applyPaid(tx, order, { ...payment, status: 'paid' });
    return { type: 'success' };
  }
  if (result.outcome === 'pending' || result.next.type === 'voucher') {
    await moveOrder(tx, order, 'processing', { paid: false, paymentPending: true });
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
    await moveOrder(tx, order, 'pending_payment', { paid: false });
    // The spec's failed-payment text, whatever the gateway said (its reason stays in the payment's data).
    return { type: 'failed', message: failedPaymentMessage(language) };
  }
  return result.next;
}

/** Moves the order when the state machine allows it; otherwise leaves it as it is. */
async function moveOrder(
  tx: AppDb,
  order: OrderRow,
  to: OrderStatus,
  context: { paid: boolean; paymentPending?: boolean },
): Promise<boolean> {
  if (!isOrderStatus(order.status) || order.status === to) return false;
  const check = checkTransition(order.status, to, {
    creditNoteIssued: false,
    documentAttached: false,
    ...context,
  });
  if (!check.ok) return false;
  await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, order.id));
  order.status = to;
  return true;
}

/** What applying a payment's capture did. */
export type PaidEffect = 'order_paid' | 'already_paid' | 'not_payable';

/**
 * A captured payment: the payment is marked paid and, when the order is still
 * payable, the order moves to complete_pending (domain state machine), its
 * invoice takes the next number of its series, and the confirmation is queued,
 * all in the caller's transaction. The order row must be locked by the caller.
 * A capture for an order another attempt already paid is recorded for refund.
 */
export async function applyPaid(tx: AppDb, order: OrderRow, payment: PaymentRow): Promise<PaidEffect> {
  const alreadyPaid = isPaidStatus(order.status);
  const moved = !alreadyPaid && (await moveOrder(tx, order, 'complete_pending', { paid: true }));
  const effect: PaidEffect = moved ? 'order_paid' : alreadyPaid ? 'already_paid' : 'not_payable';
  await tx
    .update(payments)
    .set({
      status: 'paid',
      updatedAt: new Date(),
      ...(moved ? {} : { data: { ...payment.data, needs_refund: effect } }),
    })
    .where(eq(payments.id, payment.id));
  if (moved) {
    const invoice = await issueInvoice(tx, order);
    await queueConfirmation(tx, { orderId: order.id, invoiceId: invoice.id });
  }
  return effect;
}

/* ------------------------------------------------------------------ notices */

export type NoticeResult =
  | { status: 'applied'; orderId: string; effect: PaidEffect | 'failed' | 'refunded' | 'ignored' }
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
    // The payment's order, locked in the same statement.
    const [found] = await tx
      .select({ id: payments.id, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.gateway, gatewayName), eq(payments.providerRef, notice.providerRef)))
      .for('update', { of: orders });
    if (!found) throw new AppError('not_found', 'notFound');
    const { order } = found;
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        paymentId: found.id,
        eventId: `${gatewayName}:${notice.eventId}`,
        type: notice.outcome,
        payload: notice.raw,
      })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { status: 'duplicate', orderId: order.id };
    // Read under the order's lock: another notice of this payment may just have changed it.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id));
    if (!payment) throw new AppError('not_found', 'notFound');

    if (notice.amountCents !== undefined && notice.amountCents !== payment.amountCents) {
      // Not what the order costs: held for an operator rather than marked paid.
      await tx
        .update(payments)
        .set({ data: { ...payment.data, amount_mismatch: notice.amountCents }, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await moveOrder(tx, order, 'payment_review', { paid: false });
      return { status: 'applied', orderId: order.id, effect: 'ignored' };
    }
    if (notice.outcome === 'paid') {
      if (payment.status === 'paid' || payment.status === 'refunded') {
        return { status: 'applied', orderId: order.id, effect: 'ignored' };
      }
      return { status: 'applied', orderId: order.id, effect: await applyPaid(tx, order, payment) };
    }
    if (notice.outcome === 'failed') {
      if (payment.status !== 'created' && payment.status !== 'pending') {
        return { status: 'applied', orderId: order.id, effect: 'ignored' };
      }
      await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      // A voucher or mandate that failed: the order is payable again (unless another attempt waits).
      const [waiting] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
        .limit(1);
      if (!waiting) await moveOrder(tx, order, 'pending_payment', { paid: false });
      return { status: 'applied', orderId: order.id, effect: 'failed' };
    }
    if (payment.status === 'paid') {
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      return { status: 'applied', orderId: order.id, effect: 'refunded' };
    }
    return { status: 'applied', orderId: order.id, effect: 'ignored' };
  });
}

/** The job that lapses an unpaid Multibanco voucher at its expiry. */
export const PAYMENT_EXPIRY_JOB = 'payment.expire';
export interface PaymentExpiryJob {
  paymentId: number;
}

/**
 * Lapses a payment still waiting at its expiry (a voucher nobody paid): the
 * payment fails and, when no other attempt waits, the order goes back to
 * pending_payment. A payment paid meanwhile is left alone.
 */
export async function expirePayment(db: AppDb, job: PaymentExpiryJob): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, job.paymentId));
    if (!found) return false;
    const order = await lockOrder(tx, found.orderId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, job.paymentId));
    if (!order || !payment || (payment.status !== 'pending' && payment.status !== 'created')) return false;
    await tx
      .update(payments)
      .set({ status: 'failed', data: { ...payment.data, expired: true }, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    const [waiting] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
      .limit(1);
    if (!waiting) await moveOrder(tx, order, 'pending_payment', { paid: false });
    return true;
  });
}

/** A payment by its gateway reference (the sandbox pages), with its order. */
export async function paymentByRef(
  db: AppDb,
  gatewayName: string,
  providerRef: string,
): Promise<{ payment: PaymentRow; order: OrderRow } | undefined> {
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.gateway, gatewayName), eq(payments.providerRef, providerRef)));
  return row;
}

/** The latest attempt of an order. */
export async function lastPayment(db: AppDb, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`${payments.attempt} desc`)
    .limit(1);
  return row;
}

/* ------------------------------------------------------------------ retry */

const CARD_METHODS: readonly PaymentMethod[] = ['cc', 'stripe', 'monei'];
const MULTIBANCO_METHODS: readonly PaymentMethod[] = ['multibanco', 'moneimultibanco'];

/** True when the store takes `method`; card and Multibanco count as families (which provider takes them is configuration). */
export function storeOffers(storeMethods: readonly string[], method: PaymentMethod): boolean {
  const family = CARD_METHODS.includes(method)
    ? CARD_METHODS
    : MULTIBANCO_METHODS.includes(method)
      ? MULTIBANCO_METHODS
      : [method];
  return family.some((m) => storeMethods.includes(m));
}

/** The store's card method: the first of cc / stripe / monei it lists (cc when none). */
export function cardMethodOf(storeMethods: readonly string[]): PaymentMethod {
  return CARD_METHODS.find((m) => storeMethods.includes(m)) ?? 'cc';
}

/** Who asks, for the owner's calls. */
export interface Owner {
  customerId: number | null;
  storeId: number;
}

/**
 * The order when `owner` may see it: 401 without a logged-in customer, 404 for
 * an order that does not exist or is another customer's (or another store's).
 */
export async function ownedOrder(db: AppDb, owner: Owner, orderId: string): Promise<OrderRow> {
  if (owner.customerId === null) throw new AppError('unauthorized', 'unauthorized');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.customerId !== owner.customerId || order.storeId !== owner.storeId) {
    throw new AppError('not_found', 'notFound');
  }
  return order;
}

/**
 * A new attempt to pay an existing order (spec 7 otherMethods*, moneiPaymentIntent):
 * the owner's unpaid order, a method the store offers; attempt N+1 of the SAME order.
 */
export async function retryPayment(
  db: AppDb,
  input: Owner & {
    orderId: string;
    method: PaymentMethod;
    storeMethods: readonly string[];
    baseUrl: string;
    language: Language;
  },
): Promise<{ next: CheckoutNext; attempt: number }> {
  const order = await ownedOrder(db, input, input.orderId);
  if (!storeOffers(input.storeMethods, input.method)) {
    throw new AppError('invalid_data', 'validation', [{ path: 'paymethod', message: 'invalid_option' }]);
  }
  return db.transaction(async (tx) => {
    const next = await startPayment(tx, {
      order,
      method: input.method,
      fields: {},
      baseUrl: input.baseUrl,
      language: input.language,
    });
    const last = await lastPayment(tx, order.id);
    return { next, attempt: last?.attempt ?? 1 };
  });
}
