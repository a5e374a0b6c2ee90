import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './catalog.ts';
import { sessions } from './customers.ts';
import { orderItems, orders, quoteItems, quotes } from './orders.ts';

/** Stored files (uploads, result documents, invoices) behind the storage interface. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Owner: a quote while the item is in the cart, an order afterwards. */
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => orders.id),
    /** The cart item a file option of the quote names. */
    quoteItemId: integer('quote_item_id').references(() => quoteItems.id, { onDelete: 'set null' }),
    /** The order item a file belongs to (copied from the quote item at checkout, or an incident form's). */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    optionId: integer('option_id'),
    /** Who uploaded it: the session and the client address the upload quotas count by. */
    sessionId: text('session_id').references(() => sessions.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    clientAddress: text('client_address'),
    kind: text('kind').$type<'upload' | 'result' | 'invoice' | 'credit_note'>().notNull().default('upload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_quote_idx').on(t.quoteId),
    index('files_order_idx').on(t.orderId),
    index('files_quote_item_idx').on(t.quoteItemId),
    index('files_order_item_idx').on(t.orderItemId),
    index('files_session_idx').on(t.sessionId),
    index('files_client_address_idx').on(t.clientAddress, t.createdAt),
  ],
);

/** Every mail the shop sends; without SMTP_URL this is the viewable outbox (GET /dev/mail). */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    /** The store it is sent for (its language, its sender name); null for mail of no store. */
    storeId: integer('store_id').references(() => stores.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<{ fileId: number; filename: string }[]>().notNull().default([]),
    /** queued -> sent (SMTP accepted it) | stored (no SMTP_URL: kept for the viewer) | failed (retries used up). */
    status: text('status').$type<'queued' | 'sent' | 'failed' | 'stored'>().notNull().default('queued'),
    /** Delivery attempts so far, and the last failure's message (kept after a later success). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The Message-ID the transport gave it. */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt), index('mail_messages_status_idx').on(t.status)],
);
