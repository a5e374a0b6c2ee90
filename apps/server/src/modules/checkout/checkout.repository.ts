import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import {
  checkoutRequests,
  customers,
  files,
  orderItems,
  orders,
  payments,
  quoteItems,
  quotes,
  sessions,
} from '../../db/schema/index.ts';
import { type RawSessionRow, type SessionRow, sessionRowOf } from '../session/session.repository.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** A checkout's read of its quote (lockQuoteWithItems). */
export interface QuoteRead {
  quote: QuoteRow;
  items: QuoteItemRow[];
  priorRequestId: number | null;
  customer: CheckoutCustomer | null;
}

/**
 * The quote, locked until the transaction ends (one checkout of a quote at a
 * time), with its items in the order they were added (a parent before its
 * children), the id of the checkout request `request` names when it was
 * recorded before and the customer `customerId` names (null: none, or no such
 * customer): one statement (issue 22). `{ quoteId }`: the caller holds the
 * session's row, and every add locks it first, so the items read are all there
 * are. `{ sessionId }`: the session's row and its quote locked in the same
 * statement (none: no row, or no quote); the items are then the statement's
 * snapshot, taken before it waited for the locks: see checkout.service.ts.
 */
export async function lockQuoteWithItems(
  tx: AppDb,
  target: { quoteId: number } | { sessionId: string },
  request: { requestId: string; sessionId: string } | undefined,
  customerId: number | null = null,
): Promise<QuoteRead | undefined> {
  const prior = request
    ? sql<number | null>`(SELECT r.id FROM ${checkoutRequests} r WHERE r.request_id = ${request.requestId}
        AND (r.session_id = ${request.sessionId} OR r.renewed_session_id = ${request.sessionId}) LIMIT 1)`
    : sql<number | null>`NULL::int`;
  // The logged-in customer's e-mail and billing data, read here rather than in a statement of its own.
  const customer = sql<CheckoutCustomer | null>`(SELECT jsonb_build_object('id', c.id, 'email', c.email,
      'billing', c.billing) FROM ${customers} c WHERE c.id = ${customerId}::int)`;
  const fields = {
    quote: quotes,
    item: quoteItems,
    priorRequestId: prior.mapWith((v) => (v == null ? null : Number(v))),
    customer,
  };
  const rows =
    'quoteId' in target
      ? await tx
          .select(fields)
          .from(quotes)
          .leftJoin(quoteItems, eq(quoteItems.quoteId, quotes.id))
          .where(eq(quotes.id, target.quoteId))
          .orderBy(asc(quoteItems.id))
          .for('update', { of: quotes })
      : await tx
          .select(fields)
          .from(sessions)
          .innerJoin(quotes, eq(quotes.id, sessions.quoteId))
          .leftJoin(quoteItems, eq(quoteItems.quoteId, quotes.id))
          .where(eq(sessions.id, target.sessionId))
          .orderBy(asc(quoteItems.id))
          .for('update', { of: [sessions, quotes] });
  const first = rows[0];
  if (!first) return undefined;
  return {
    quote: first.quote,
    items: rows.flatMap((row) => (row.item ? [row.item] : [])),
    priorRequestId: first.priorRequestId,
    customer: first.customer,
  };
}

/** What a checkout needs of the logged-in customer. */
export interface CheckoutCustomer {
  id: number;
  email: string;
  billing: Record<string, string>;
}

/** An order's line as its checkout inserts it, naming its parent by the quote item it came from. */
export interface NewOrderLine {
  quoteItemId: number;
  parentQuoteItemId: number | null;
  productId: number;
  productName: string;
  productVersion: number | null;
  qty: number;
  options: unknown;
  form: Record<string, unknown>;
  priceCents: number;
}

/**
 * A checkout's writes once its customer is known, in one statement (issue 22):
 * the order (`pending_payment`, its id taken in the INSERT: `order.id`, an SQL
 * expression); its lines, their ids taken from their sequence first, in the
 * lines' order, so a child names its parent's line in the same INSERT (the
 * foreign keys are checked at the end of the statement; a parent not among the
 * lines gives none); its first payment attempt (`created`, the order's total,
 * the gateway chosen); the quote's uploads, now the order's, each on the line
 * its quote item became (a file of no item keeps no item); the quote closed
 * (ordered, with its order and customer; its version moves on, so the cart
 * view empties); the request id recorded with the order and the attempt; and
 * the session's row written by `sessionUpdate` (sessionDataMerge, or the
 * renewal's move, sessionMoveSql) with `sessionData`, the order's id and its
 * line ids merged into its data. Answers the order's id, each quote item's
 * line id (in the lines' order), the attempt's payment id and the session's
 * row as the statement left it.
 */
export async function placeOrder(
  tx: AppDb,
  input: {
    order: {
      id: SQL<string>;
      storeId: number;
      quoteId: number;
      customerId: number;
      paymentMethod: string;
      totalCents: number;
      email: string;
      billing: Record<string, unknown>;
      promisedAt: Date | null;
      promiseBasis: unknown;
    };
    lines: readonly NewOrderLine[];
    gateway: string;
    request: { requestId: string; sessionId: string; renewedSessionId: string } | undefined;
    sessionData: Record<string, unknown>;
    sessionUpdate: (data: SQL) => SQL;
  },
): Promise<{
  orderId: string;
  lineIds: Map<number, number>;
  paymentId: number;
  session: SessionRow | undefined;
}> {
  const { order, lines, request } = input;
  const json = lines.map((line) => ({
    quote_item_id: line.quoteItemId,
    parent_quote_item_id: line.parentQuoteItemId,
    product_id: line.productId,
    product_name: line.productName,
    product_version: line.productVersion,
    qty: line.qty,
    options: line.options,
    form: line.form,
    price_cents: line.priceCents,
  }));
  const sessionData = sql`${JSON.stringify(input.sessionData)}::jsonb || jsonb_build_object(
    'lastOrderId', (SELECT o.id FROM o),
    'lastItemIds', (SELECT coalesce(jsonb_agg(lines.id ORDER BY lines.id), '[]'::jsonb) FROM lines))`;
  const [row] = await queryRows<{
    order_id: string;
    payment_id: number;
    lines: [number, number][] | null;
    session: RawSessionRow | null;
  }>(
    tx,
    sql`WITH o AS (
          INSERT INTO ${orders} (id, store_id, quote_id, customer_id, status, payment_method, total_cents, currency,
            email, billing, promised_at, promise_basis)
          VALUES (${order.id}, ${order.storeId}::int, ${order.quoteId}::int, ${order.customerId}::int,
            'pending_payment', ${order.paymentMethod}::text, ${order.totalCents}::int, 'EUR', ${order.email}::text,
            ${JSON.stringify(order.billing)}::jsonb, ${order.promisedAt?.toISOString() ?? null}::timestamptz,
            ${order.promiseBasis == null ? null : JSON.stringify(order.promiseBasis)}::jsonb)
          RETURNING id
        ), numbered AS (
          SELECT e.ord, e.line, nextval(pg_get_serial_sequence('order_items', 'id'))::int AS id
          FROM jsonb_array_elements(${JSON.stringify(json)}::jsonb) WITH ORDINALITY AS e(line, ord)
        ), lines AS (
          INSERT INTO ${orderItems} (id, order_id, quote_item_id, product_id, product_name, product_version,
            parent_id, qty, options, form, price_cents)
          SELECT l.id, o.id, (l.line->>'quote_item_id')::int, (l.line->>'product_id')::int, l.line->>'product_name',
            (l.line->>'product_version')::int, p.id, (l.line->>'qty')::int, l.line->'options', l.line->'form',
            (l.line->>'price_cents')::int
          FROM o CROSS JOIN numbered l
            LEFT JOIN numbered p ON p.line->>'quote_item_id' = l.line->>'parent_quote_item_id'
          ORDER BY l.ord
          RETURNING id, quote_item_id
        ), attempt AS (
          INSERT INTO ${payments} (order_id, attempt, method, gateway, status, amount_cents)
          SELECT o.id, 1, ${order.paymentMethod}::text, ${input.gateway}::text, 'created', ${order.totalCents}::int
          FROM o
          RETURNING id
        ), moved_files AS (
          UPDATE ${files} SET order_id = o.id,
            order_item_id = coalesce(
              (SELECT lines.id FROM lines WHERE lines.quote_item_id = ${files.quoteItemId}), ${files.orderItemId})
          FROM o
          WHERE ${files.quoteId} = ${order.quoteId}::int AND ${files.orderId} IS NULL
        ), closed AS (
          UPDATE ${quotes} SET status = 'ordered', order_id = o.id, customer_id = ${order.customerId}::int,
            version = ${quotes.version} + 1, updated_at = now()
          FROM o
          WHERE ${quotes.id} = ${order.quoteId}::int
        ), request AS (
          INSERT INTO ${checkoutRequests} (request_id, session_id, renewed_session_id, order_id, payment_id)
          SELECT ${request?.requestId ?? null}::text, ${request?.sessionId ?? null}::text,
                 ${request?.renewedSessionId ?? null}::text, o.id, attempt.id
          FROM o, attempt
          WHERE ${request?.requestId ?? null}::text IS NOT NULL
        ), session AS (${input.sessionUpdate(sessionData)})
        SELECT o.id AS order_id, attempt.id AS payment_id,
          (SELECT jsonb_agg(jsonb_build_array(lines.quote_item_id, lines.id)) FROM lines) AS lines,
          (SELECT to_jsonb(session.*) FROM session) AS session
        FROM o, attempt`,
  );
  if (!row) throw new Error('order insert returned nothing');
  const inserted = new Map((row.lines ?? []).map(([quoteItemId, id]) => [Number(quoteItemId), Number(id)]));
  const lineIds = new Map<number, number>();
  for (const line of lines) {
    const id = inserted.get(line.quoteItemId);
    if (id === undefined) throw new Error(`order line of quote item ${line.quoteItemId} not inserted`);
    lineIds.set(line.quoteItemId, id);
  }
  return {
    orderId: row.order_id,
    lineIds,
    paymentId: Number(row.payment_id),
    // The session's quote is the one this statement closes, which its RETURNING still saw open.
    session: row.session ? { ...sessionRowOf(row.session), quoteVersion: null } : undefined,
  };
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
