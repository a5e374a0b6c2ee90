import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; null for a customer who registered with an e-mail only. */
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    preferredPayment: text('preferred_payment').notNull().default('cc'),
    /** Billing data (spec 3 client record): name/company, tax id, address, city, postal code, province, phone. */
    billing: jsonb('billing').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(sql`lower(${t.email})`)],
);

/** Server-side session; its id travels in an HttpOnly cookie. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  /** The form key (CSRF token) of spec 3. */
  csrfToken: text('csrf_token').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id'),
  quoteId: integer('quote_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Back-office users (DESIGN.md "Back office"). */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<'admin' | 'operator'>().notNull().default('operator'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
});
