import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from './catalog.ts';
import { quotes } from './orders.ts';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    email: text('email').notNull(),
    /** argon2id hash; null for a customer who registered with an e-mail only. */
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    preferredPayment: text('preferred_payment').notNull().default('cc'),
    /** Billing data (spec 3 client record): name/company, tax id, address, city, postal code, province, phone. */
    billing: jsonb('billing').$type<Record<string, string>>().notNull().default({}),
    /** Direct-debit account and PayPal e-mail of the client record (never card data). */
    paymentDetails: jsonb('payment_details').$type<Record<string, unknown>>().notNull().default({}),
    regionId: integer('region_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(sql`lower(${t.email})`)],
);

/**
 * A stored session: created at a visitor's first write (an anonymous visitor is
 * only a signed cookie until then); its id travels in an HttpOnly cookie, and
 * its form key is derived from the id with the server's secret.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The session's open quote (the cart); the cart module sets it. */
    quoteId: integer('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_quote_idx').on(t.quoteId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Back-office users (DESIGN.md "Back office"): an admin manages operators and
 * the catalogue besides the orders; an agent works the orders only.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id hash (PHC string). */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'admin' | 'agent'>().notNull().default('agent'),
    /** A disabled operator cannot log in; their sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The TOTP secret (RFC 6238), AES-256-GCM encrypted (modules/admin/totp.ts); never in an answer. */
    totpSecret: text('totp_secret'),
    /** When the operator enrolled TOTP (null: not enrolled; required for admins). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted 30-second step: a code is accepted once (no replay). */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('operators_role_ck', sql`${t.role} in ('admin', 'agent')`)],
);

/**
 * Acceptance of the privacy policy and the contracting conditions (spec 5
 * "Register"): when, which versions of the texts, from where.
 */
export const customerConsents = pgTable(
  'customer_consents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    privacyVersion: text('privacy_version').notNull(),
    conditionsVersion: text('conditions_version').notNull(),
    language: text('language').notNull(),
    clientAddress: text('client_address'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_consents_customer_idx').on(t.customerId)],
);

/** Password reset links: only the SHA-256 of the token is kept; single use, time-limited. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Failed log-ins counted per key ('account:<e-mail>' or 'address:<ip>') in a
 * window; a key over its limit is blocked until `blocked_until`.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStartedAt)],
);

/**
 * A back-office session: only the SHA-256 of the cookie's random token is
 * stored. It ends after 15 minutes without a request (lastSeenAt) or 8 hours
 * after the log in (createdAt), whichever comes first.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** The synchronizer token every non-GET back-office call sends in X-Admin-CSRF. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the TOTP or recovery code of this session was accepted (null: still due, or not enrolled). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** An enrolment under way: the new secret (encrypted) until a code confirms it. */
    pendingTotpSecret: text('pending_totp_secret'),
  },
  (t) => [index('admin_sessions_operator_idx').on(t.operatorId)],
);

/** An operator's recovery codes: only their SHA-256 is kept; each works once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/** Failed back-office log ins, counted per e-mail and per client address (throttling). */
export const operatorLoginFailures = pgTable(
  'operator_login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_login_failures_email_idx').on(t.email, t.at),
    index('operator_login_failures_address_idx').on(t.clientAddress, t.at),
  ],
);

/** Every operator action (who, when, what, before / after), written in the action's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's e-mail at the time (kept when the operator row changes). */
    actor: text('actor').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** `{ before, after, ... }`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);

/**
 * Log-in links mailed on request (POST loginLink, ADR 031): only the SHA-256 of
 * the token is kept; single use (consumed in one statement), valid 15 minutes.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_links_expires_idx').on(t.expiresAt)],
);
