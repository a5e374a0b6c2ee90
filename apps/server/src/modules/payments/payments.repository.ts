import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { type IssueSourceRow, issueSourceJson } from '../invoices/invoices.sql.ts';
import { lockOrder, type OrderRow } from '../orders/order-status.ts';
import { type OrderLine, orderLinesColumn } from './order-lines.ts';

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

/** What a payment's update sets; `data` keys are merged into what it has. */
export interface PaymentChange {
  status?: PaymentStatus;
  providerRef?: string | null;
  data?: Record<string, unknown>;
}

/** updatePayment's statement as SQL, for a caller that sends it inside another statement (a CTE). */
export function updatePaymentSql(tx: AppDb, paymentId: number, change: PaymentChange): SQL {
  const { data, ...columns } = change;
  return tx
    .update(payments)
    .set({
      ...columns,
      ...(data ? { data: sql`${payments.data} || ${JSON.stringify(data)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId))
    .getSQL();
}

/** Sets columns of a payment; `data` keys are merged into what it has (one statement). */
export async function updatePayment(tx: AppDb, paymentId: number, change: PaymentChange): Promise<void> {
  await tx.execute(updatePaymentSql(tx, paymentId, change));
}

/**
 * `updatePayment` of an attempt still being started (`created`), in one
 * statement without the order's lock; answers false, changing nothing, when
 * the attempt was settled meanwhile. Whoever settles an attempt holds its row
 * locked (lockPaymentOrder, lockNoticeByRef), so this UPDATE waits for them
 * and then sees the status they wrote.
 */
export async function updateCreatedPayment(
  db: AppDb,
  paymentId: number,
  change: { status: PaymentStatus; providerRef: string | null; data: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      status: change.status,
      providerRef: change.providerRef,
      data: sql`${payments.data} || ${JSON.stringify(change.data)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
    .returning({ id: payments.id });
  return rows.length > 0;
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

/** A notice's event, as payment_events records it. */
export interface NoticeEvent {
  eventId: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * The payment by its gateway reference with its order, both locked and read
 * under the lock, and the notice's event recorded for it, in one statement
 * (issue 22). The event's INSERT reads the payment from its own locking read,
 * so it runs once the rows are this transaction's: a concurrent notice of the
 * payment waits for the lock and then meets the event's unique id (recorded
 * false), as when it was a statement after the lock. After waiting, the rows
 * are read as the notice before left them. With `withSource` (a capture) the
 * order's issue source (invoices.sql.ts) comes along.
 */
export async function lockNoticeByRef(
  tx: AppDb,
  gatewayName: string,
  providerRef: string,
  event: NoticeEvent,
  withSource: boolean,
): Promise<
  { payment: PaymentRow; order: OrderRow; recorded: boolean; source: IssueSourceRow | null } | undefined
> {
  const match = and(eq(payments.gateway, gatewayName), eq(payments.providerRef, providerRef));
  const recorded = tx.$with('recorded', { id: sql<number>`id` }).as(sql`
    INSERT INTO ${paymentEvents} (payment_id, event_id, type, payload)
    SELECT ${payments.id}, ${event.eventId}::text, ${event.type}::text, ${JSON.stringify(event.payload)}::jsonb
      FROM ${orders} JOIN ${payments} ON ${payments.orderId} = ${orders.id}
     WHERE ${match}
       FOR UPDATE OF ${orders}, ${payments}
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id`);
  const source = withSource
    ? issueSourceJson({
        id: sql`${orders.id}`,
        storeId: sql`${orders.storeId}`,
        customerId: sql`${orders.customerId}`,
      })
    : sql`null`;
  const [found] = await tx
    .with(recorded)
    .select({
      order: orders,
      payment: payments,
      recorded: sql<boolean>`exists (SELECT 1 FROM recorded)`,
      source: sql<IssueSourceRow | null>`${source}`,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(match)
    .for('update', { of: [orders, payments] });
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

/** paymentByRef with its order's lines (orderLines), in one statement: a gateway page's context. */
export async function paymentPageByRef(
  db: AppDb,
  gatewayName: string,
  providerRef: string,
): Promise<{ payment: PaymentRow; order: OrderRow; lines: OrderLine[] } | undefined> {
  const [row] = await db
    .select({ payment: payments, order: orders, lines: orderLinesColumn(orders.id) })
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
