import { checkTransition, isOrderStatus, type Language } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/translate.ts';
import type { CheckoutNext, PaymentGateway, PaymentMethod, StartPaymentResult } from './gateway.ts';
import { sandboxGateway } from './sandbox.gateway.ts';

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

/** The gateway that takes `method` payments on `storeId`: the sandbox unless PAYMENT_GATEWAYS names another. */
export function gatewayFor(storeId: number, method: PaymentMethod): PaymentGateway {
  const name = selection.get(`${storeId}:${method}`) ?? selection.get(method) ?? sandboxGateway.name;
  const gateway = registered.get(name);
  if (!gateway) throw new Error(`PAYMENT_GATEWAYS names gateway "${name}", which is not registered`);
  return gateway;
}

/* ------------------------------------------------------------------ start */

export interface StartPaymentOptions {
  order: Pick<OrderRow, 'id' | 'storeId' | 'totalCents' | 'email'>;
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
  const order = await lockOrder(tx, options.order.id);
  if (!order) throw new AppError('not_found', 'notFound');
  if (isPaidStatus(order.status) || order.status === 'canceled') throw new AppError('conflict', 'conflict');
  const [last] = await tx
    .select({ attempt: sql<number>`coalesce(max(${payments.attempt}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  const attempt = Number(last?.attempt ?? 0) + 1;
  const gateway = gatewayFor(order.storeId, options.method);
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      attempt,
      method: options.method,
      gateway: gateway.name,
      status: 'created',
      amountCents: order.totalCents,
    })
    .returning();
  if (!payment) throw new Error('payment row not created');

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
      data: result.data ?? {},
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  await tx
    .update(orders)
    .set({ paymentMethod: payment.method, updatedAt: new Date() })
    .where(eq(orders.id, order.id));

  if (result.outcome === 'paid') {
    await applyPaid(tx, order, { ...payment, status: 'paid' });
    return { type: 'success' };
  }
  if (result.outcome === 'pending' || result.next.type === 'voucher') {
    await moveOrder(tx, order, 'processing', { paid: false, paymentPending: true });
  } else if (result.outcome === 'failed') {
    await moveOrder(tx, order, 'pending_payment', { paid: false });
    if (result.next.type !== 'failed') return { type: 'failed', message: failedPaymentMessage(language) };
  }
  return result.next;
}

/** Moves the order when the state machine allows it; otherwise leaves it as it is. */
async function moveOrder(
  tx: AppDb,
  order: OrderRow,
  to: 'processing' | 'pending_payment' | 'complete_pending',
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

/**
 * A captured payment: the order moves to complete_pending (domain state machine).
 * The order row must be locked by the caller's transaction.
 */
export async function applyPaid(tx: AppDb, order: OrderRow, payment: PaymentRow): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id)));
  await moveOrder(tx, order, 'complete_pending', { paid: true });
}
