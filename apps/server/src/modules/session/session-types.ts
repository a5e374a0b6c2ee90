import type { AppDb } from '../../db/client.ts';
import type { LockedSession } from './session.repository.ts';

/**
 * A visitor's session as plain data. An anonymous session (nothing stored yet)
 * is its signed cookie only; the first write stores it under a new id.
 */
export interface Session {
  id: string;
  stored: boolean;
  /** The store the session remembers; null: none chosen (the host name or the default decides). */
  storeId: number | null;
  customerId: number | null;
  customerEmail: string | null;
  /** The customer's preferred payment method ('' none); null without a customer. */
  customerPreferredPayment: string | null;
  quoteId: number | null;
  /** The open quote's version (null: no open quote); the cart view of a version never changes. */
  quoteVersion: number | null;
  data: Record<string, unknown>;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The session's form key (CSRF token). */
  formKey: string;
}

/** What a stored session's change may set. */
export interface SessionChange {
  storeId?: number;
  customerId?: number | null;
  /** Keys merged into the session's data (others are kept). */
  data?: Record<string, unknown>;
}

/**
 * How a write takes the session's row (default lockSession): a caller may lock
 * it with more in the same statement, answering what lockSession would.
 */
export type SessionLock = (tx: AppDb, id: string) => Promise<LockedSession | undefined>;
