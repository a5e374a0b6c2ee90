import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders, payments } from './orders.ts';
import { files } from './system.ts';

/** A party of an invoice as issued: name (or company), tax id, address. */
export type InvoiceParty = { name: string; taxId?: string; address?: string };
/** An invoice line: the all-in total, the official fee (no VAT) and the service's base and VAT. */
export type InvoiceLine = {
  description: string;
  totalCents: number;
  officialFeeCents: number;
  baseCents: number;
  vatCents: number;
};

/**
 * The next number of each invoice (or credit note) series and year. A payment
 * takes its number with one upsert in its own transaction: the row stays locked
 * until commit, and a rolled-back payment gives the number back (no gaps).
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Invoices: correlative per series and year, without gaps. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    baseCents: integer('base_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /**
     * F1 complete invoice (the customer's billing data: RD 1619/2012 art. 6) or F2
     * simplified invoice (no customer data, at most 400 € VAT included: arts. 4.1 and 7).
     */
    type: text('type').$type<'F1' | 'F2'>().notNull().default('F2'),
    /** Snapshots taken when the invoice is issued (an issued invoice never changes). */
    issuer: jsonb('issuer').$type<InvoiceParty>().notNull().default({ name: '', taxId: '', address: '' }),
    customer: jsonb('customer').$type<InvoiceParty & { email?: string }>().notNull().default({ name: '' }),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    language: text('language').$type<'es' | 'pt' | 'en'>().notNull().default('es'),
    fileId: integer('file_id').references(() => files.id),
    /** The confirmation mail that carried it (set once by the order.confirmation job). */
    mailId: integer('mail_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_series_year_number_uq').on(t.series, t.year, t.number),
    /** An order is invoiced once (it is paid once). */
    uniqueIndex('invoices_order_uq').on(t.orderId),
    index('invoices_file_idx').on(t.fileId),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    totalCents: integer('total_cents').notNull(),
    reason: text('reason').notNull().default(''),
    fileId: integer('file_id').references(() => files.id),
    /** The payment refunded, and the gateway's reference of the refund. */
    paymentId: integer('payment_id').references(() => payments.id),
    refundRef: text('refund_ref'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('credit_notes_series_year_number_uq').on(t.series, t.year, t.number),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_file_idx').on(t.fileId),
    // No longer one per order: partial refunds each issue their own rectifying invoice
    // by differences (ADR 029); the order's lock and the payment's refund intent serialize them.
  ],
);
