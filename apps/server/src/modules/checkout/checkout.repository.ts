import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { type AppDb, queryRows } from '../../db/client.ts';
import { checkoutRequests, files, orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';
import { type RawSessionRow, type SessionRow, sessionRowOf } from '../session/session.repository.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/**
 * The quote, locked until the transaction ends (one checkout of a quote at a
 * time), with its items in the order they were added (a parent before its
 * children) and the id of the checkout request `request` names when it was
 * recorded before: one statement (issue 22). The caller holds the session's
 * row, and every add locks it first, so the items read are all there are.
 */
export async function lockQuoteWithItems(
  tx: AppDb,
  quoteId: number,
  request: { requestId: string; sessionId: string } | undefined,
): Promise<{ quote: QuoteRow; items: QuoteItemRow[]; priorRequestId: number | null } | undefined> {
  const prior = request
    ? sql<number | null>`(SELECT r.id FROM ${checkoutRequests} r WHERE r.request_id = ${request.requestId}
        AND (r.session_id = ${request.sessionId} OR r.renewed_session_id = ${request.sessionId}) LIMIT 1)`
    : sql<number | null>`NULL::int`;
  const rows = await tx
    .select({
      quote: quotes,
      item: quoteItems,
      priorRequestId: prior.mapWith((v) => (v == null ? null : Number(v))),
    })
    .from(quotes)
    .leftJoin(quoteItems, eq(quoteItems.quoteId, quotes.id))
    .where(eq(quotes.id, quoteId))
    .orderBy(asc(quoteItems.id))
    .for('update', { of: quotes });
  const first = rows[0];
  if (!first) return undefined;
  return {
    quote: first.quote,
    items: rows.flatMap((row) => (row.item ? [row.item] : [])),
    priorRequestId: first.priorRequestId,
  };
}

export async function insertOrder(tx: AppDb, values: PgInsertValue<typeof orders>): Promise<OrderRow> {
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
 * The end of a checkout's writes, in one statement (issue 22): the quote's
 * uploads now belong to the order, each to the order item its quote item
 * became (a file of no item keeps no item); the quote is closed (ordered,
 * with its order and customer; its version moves on, so the cart view
 * empties); the request id is recorded with the order it made; and the
 * session's data takes `sessionMerge` (a SessionService data merge) when given:
 * then the session's row is answered as the merge left it.
 */
export async function finishCheckout(
  tx: AppDb,
  input: {
    quoteId: number;
    orderId: string;
    customerId: number;
    request: Omit<typeof checkoutRequests.$inferInsert, 'id' | 'createdAt' | 'orderId'> | undefined;
    /** A SessionService data merge of the session (none: its renewal merges the data). */
    sessionMerge?: SQL;
  },
): Promise<SessionRow | undefined> {
  const { quoteId, orderId, request } = input;
  const [row] = await queryRows<{ session: RawSessionRow | null }>(
    tx,
    sql`WITH moved_files AS (
          UPDATE ${files} SET order_id = ${orderId}::text,
            order_item_id = coalesce(
              (SELECT oi.id FROM ${orderItems} oi
                WHERE oi.order_id = ${orderId}::text AND oi.quote_item_id = ${files.quoteItemId}),
              ${files.orderItemId})
          WHERE ${files.quoteId} = ${quoteId}::int AND ${files.orderId} IS NULL
        ), closed AS (
          UPDATE ${quotes} SET status = 'ordered', order_id = ${orderId}::text, customer_id = ${input.customerId}::int,
            version = ${quotes.version} + 1, updated_at = now()
          WHERE ${quotes.id} = ${quoteId}::int
        ), request AS (
          INSERT INTO ${checkoutRequests} (request_id, session_id, renewed_session_id, order_id, payment_id)
          SELECT ${request?.requestId ?? null}::text, ${request?.sessionId ?? null}::text,
                 ${request?.renewedSessionId ?? null}::text, ${orderId}::text, ${request?.paymentId ?? null}::int
          WHERE ${request?.requestId ?? null}::text IS NOT NULL
        )${input.sessionMerge ? sql`, session AS (${input.sessionMerge})` : sql``}
        SELECT ${input.sessionMerge ? sql`(SELECT to_jsonb(session.*) FROM session)` : sql`NULL::jsonb`} AS session`,
  );
  // The session's quote is the one this statement closes, which its RETURNING still saw open.
  return row?.session ? { ...sessionRowOf(row.session), quoteVersion: null } : undefined;
}

export type CheckoutRequestRow = typeof checkoutRequests.$inferSelect;

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
