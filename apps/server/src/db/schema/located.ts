import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems, orders, quotes } from './orders.ts';

/** One located property as the operator recorded it (the located product's options, by meaning). */
export type LocatedPropertyRecord = {
  titular: string;
  municipio: string;
  registro: string;
  finca: string;
  idufir: string;
  direccion: string;
};

/**
 * What the operator recorded for a paid properties search (one row per search
 * item, so recording twice never makes a second quote): the properties found,
 * the quote made for them (null when none were found, or once the emptied quote
 * was cleaned up) and the mail that told the customer.
 */
export const locatedResults = pgTable(
  'located_results',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<LocatedPropertyRecord[]>().notNull().default([]),
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('located_results_item_uq').on(t.orderItemId),
    index('located_results_order_idx').on(t.orderId),
    index('located_results_quote_idx').on(t.quoteId),
  ],
);
