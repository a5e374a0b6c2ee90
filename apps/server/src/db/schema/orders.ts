import type { ItemOption } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, stores } from './catalog.ts';
import { customers, sessions } from './customers.ts';

/** The registry and working hours a delivery promise was computed with (ADR 034). */
export type PromiseBasis = { registry_id: number; hours: number; urgent: boolean };
/** The late-delivery refund of an order's service fee (ADR 034). */
export type LateRefund =
  | { state: 'queued'; at: string; amount_cents: number }
  | { state: 'done'; at: string; amount_cents: number; credit_note: string }
  | { state: 'failed'; at: string; amount_cents: number }
  | { state: 'waived'; at: string; reason: string; operator_id: number | null };

/** The cart (spec: "a cart, called a quote"). */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    sessionId: text('session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    customerId: integer('customer_id').references(() => customers.id),
    status: text('status').$type<'open' | 'ordered' | 'abandoned'>().notNull().default('open'),
    /**
     * Bumped by every change of the quote or its items (the cart repository's
     * writing functions do it): the cart view of a version never changes.
     */
    version: integer('version').notNull().default(1),
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotes_session_idx').on(t.sessionId), index('quotes_customer_idx').on(t.customerId)],
);

export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productVersion: integer('product_version').notNull().default(1),
    parentId: integer('parent_id').references((): AnyPgColumn => quoteItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    options: jsonb('options').$type<ItemOption[]>().notNull().default([]),
    /** The wizard's form exactly as sent (spec 3 forms), for editing. */
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    priceCents: integer('price_cents').notNull(),
    origin: text('origin'),
    originId: text('origin_id'),
    /** The client's id of the add call (a uuid): a repeated call answers the same item (double click). */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId),
    index('quote_items_parent_idx').on(t.parentId),
    index('quote_items_product_idx').on(t.productId),
    uniqueIndex('quote_items_quote_request_uq').on(t.quoteId, t.requestId),
  ],
);

/**
 * Order ids: store id + 8-digit number (DECISIONS.md "Routes and ids"). The
 * number comes from one sequence for every store: nextval never waits for
 * another checkout's transaction (a counter row per store did, and held every
 * checkout of a store in line until the one before committed). Order numbers
 * may skip (a rolled-back checkout); invoice numbers, which the law wants
 * without gaps, have their own counter (invoices module).
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    quoteId: integer('quote_id')
      .notNull()
      .unique()
      .references(() => quotes.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('pending_payment'),
    panelStatusId: integer('panel_status_id'),
    paymentMethod: text('payment_method'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    email: text('email').notNull(),
    billing: jsonb('billing').$type<Record<string, string>>().notNull().default({}),
    /**
     * The delivery promise (ADR 034): the customer's choice at checkout, then
     * the one written with the payment (the status change's statement); null
     * when the registry's hours are unknown (the store's nsCopy was shown).
     */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    /** What the promise was computed from, to compute it again when paid. */
    promiseBasis: jsonb('promise_basis').$type<PromiseBasis>(),
    /** A late order's service-fee refund: queued, waived by an operator (with the reason), or done. */
    lateRefund: jsonb('late_refund').$type<LateRefund>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's queue: by time left to the promise.
    index('orders_promised_idx').on(t.promisedAt),
    index('orders_customer_idx').on(t.customerId),
    index('orders_status_idx').on(t.status),
    // The back office's queue: oldest first, per store.
    index('orders_created_idx').on(t.createdAt),
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quoteItemId: integer('quote_item_id').references(() => quoteItems.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    /**
     * The product definition's version the item was bought with (product_versions);
     * null: read it from the quote item it came from.
     */
    productVersion: integer('product_version'),
    parentId: integer('parent_id').references((): AnyPgColumn => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    options: jsonb('options').$type<ItemOption[]>().notNull().default([]),
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    priceCents: integer('price_cents').notNull(),
    panelStatusId: integer('panel_status_id').notNull().default(10),
    referencia: text('referencia'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_parent_idx').on(t.parentId),
    index('order_items_quote_item_idx').on(t.quoteItemId),
    index('order_items_product_idx').on(t.productId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    attempt: integer('attempt').notNull(),
    method: text('method').notNull(),
    gateway: text('gateway').notNull(),
    status: text('status')
      .$type<'created' | 'pending' | 'authorized' | 'paid' | 'failed' | 'refunded'>()
      .notNull(),
    amountCents: integer('amount_cents').notNull(),
    providerRef: text('provider_ref'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_order_attempt_uq').on(t.orderId, t.attempt),
    index('payments_provider_ref_idx').on(t.gateway, t.providerRef),
    // The resolve sweep's once-a-minute look for attempts still `created` (resolve-sweep.ts): only
    // those rows, a few at any time, so the pass reads no other payment.
    index('payments_created_idx').on(t.createdAt).where(sql`status = 'created'`),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The provider's event id: a replayed callback is recognised and ignored. */
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);

/**
 * One checkout request (its client's `request_id`, issue 17 item 6) and the
 * order it made: the same request again answers that order and its payment's
 * current step instead of 409. Bound to the browser session it came from (and
 * the id the register path renewed it to), so another visitor's request id
 * replays nothing.
 */
export const checkoutRequests = pgTable(
  'checkout_requests',
  {
    id: serial('id').primaryKey(),
    requestId: text('request_id').notNull(),
    /** The session the request came with. */
    sessionId: text('session_id').notNull(),
    /** The session's id after the checkout (the register path moves it to a new id). */
    renewedSessionId: text('renewed_session_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_requests_session_request_uq').on(t.sessionId, t.requestId),
    index('checkout_requests_renewed_idx').on(t.renewedSessionId, t.requestId),
    index('checkout_requests_order_idx').on(t.orderId),
    index('checkout_requests_payment_idx').on(t.paymentId),
  ],
);
