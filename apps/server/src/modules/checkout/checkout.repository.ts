import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { checkoutRequests, files, orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** The quote, locked until the transaction ends: one checkout of a quote at a time. */
export async function lockQuote(tx: AppDb, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
  return row;
}

/** A quote's items in the order they were added (a parent before its children). */
export async function quoteItemsOf(tx: AppDb, quoteId: number): Promise<QuoteItemRow[]> {
  return tx.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId)).orderBy(asc(quoteItems.id));
}

export async function insertOrder(tx: AppDb, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function insertOrderItem(tx: AppDb, values: typeof orderItems.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderItems).values(values).returning({ id: orderItems.id });
  if (!row) throw new Error('order item insert returned nothing');
  return row.id;
}

/**
 * The quote's uploads now belong to the order, each to the order item its
 * quote item became (one statement; a file of no item keeps no item).
 */
export async function moveQuoteFiles(tx: AppDb, quoteId: number, orderId: string): Promise<void> {
  await tx.execute(
    sql`update ${files} set order_id = ${orderId},
          order_item_id = coalesce(
            (select oi.id from ${orderItems} oi
              where oi.order_id = ${orderId} and oi.quote_item_id = ${files.quoteItemId}),
            ${files.orderItemId})
        where ${files.quoteId} = ${quoteId} and ${files.orderId} is null`,
  );
}

/** Closes the quote: ordered, with its order and customer; its version moves on (the cart view empties). */
export async function closeQuote(
  tx: AppDb,
  quoteId: number,
  orderId: string,
  customerId: number,
): Promise<void> {
  await tx
    .update(quotes)
    .set({
      status: 'ordered',
      orderId,
      customerId,
      version: sql`${quotes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId));
}

export type CheckoutRequestRow = typeof checkoutRequests.$inferSelect;

/** Records the order a checkout request made (its request id, bound to its session and the id it was renewed to). */
export async function recordCheckoutRequest(
  tx: AppDb,
  values: typeof checkoutRequests.$inferInsert,
): Promise<void> {
  await tx.insert(checkoutRequests).values(values);
}

/**
 * The checkout request `requestId` of the session `sessionId`: made under that
 * session id, or leaving the session under it (the register path renews it).
 * Another session's request id finds nothing.
 */
export async function findCheckoutRequest(
  db: AppDb,
  requestId: string,
  sessionId: string,
): Promise<CheckoutRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutRequests)
    .where(
      and(
        eq(checkoutRequests.requestId, requestId),
        or(eq(checkoutRequests.sessionId, sessionId), eq(checkoutRequests.renewedSessionId, sessionId)),
      ),
    )
    .limit(1);
  return row;
}
