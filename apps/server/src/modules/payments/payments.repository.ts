import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { lockOrder, type OrderRow } from '../orders/order-status.ts';

export type { OrderRow };
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export { lockOrder };

/** The order's highest attempt number (0 before the first). */
export async function lastAttempt(tx: AppDb, orderId: string): Promise<number> {
  const [last] = await tx
    .select({ attempt: sql<number>`coalesce(max(${payments.attempt}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Number(last?.attempt ?? 0);
}

export async function insertPayment(tx: AppDb, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment row not created');
  return row;
}

/** Sets columns of a payment; `data` keys are merged into what it has (one statement). */
export async function updatePayment(
  tx: AppDb,
  paymentId: number,
  change: {
    status?: PaymentStatus;
    providerRef?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const { data, ...columns } = change;
  await tx
    .update(payments)
    .set({
      ...columns,
      ...(data ? { data: sql`${payments.data} || ${JSON.stringify(data)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

export async function paymentById(db: AppDb, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** A payment with its order locked (the order first: payments and notices serialise on it), read under the lock. */
export async function lockPaymentOrder(
  tx: AppDb,
  paymentId: number,
): Promise<{ payment: PaymentRow; order: OrderRow } | undefined> {
  // One statement (issue 22). Both rows are locked, the order first (the order every other path takes
  // them in), so after waiting for a lock the statement reads both as they are now.
  const [found] = await tx
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(payments.id, paymentId))
    .for('update', { of: [orders, payments] });
  return found;
}

/** The order's payment by its gateway reference, the order locked in the same statement (notices). */
export async function lockPaymentByRef(
  tx: AppDb,
  gatewayName: string,
  providerRef: string,
): Promise<{ paymentId: number; order: OrderRow } | undefined> {
  const [found] = await tx
    .select({ paymentId: payments.id, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.gateway, gatewayName), eq(payments.providerRef, providerRef)))
    .for('update', { of: orders });
  return found;
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

/** True when another attempt of the order still waits for its provider (a voucher, a mandate). */
export async function hasWaitingPayment(tx: AppDb, orderId: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .limit(1);
  return waiting !== undefined;
}

/** Sets the method the order is being paid with (the last attempt's). */
export async function setOrderMethod(tx: AppDb, order: OrderRow, method: string): Promise<void> {
  if (order.paymentMethod === method) return;
  await tx
    .update(orders)
    .set({ paymentMethod: method, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  order.paymentMethod = method;
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
