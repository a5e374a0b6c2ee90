import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type AppDb, queryRows } from '../../db/client.ts';
import { customers, quotes, sessions } from '../../db/schema/index.ts';
import { quoteVersion } from '../config/cart-view.ts';
import { SESSION_TTL_MS } from './session-ids.ts';

export interface SessionRecord {
  id: string;
  csrfToken: string;
  storeId: number;
  customerId: number | null;
  quoteId: number | null;
  data: Record<string, unknown>;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The logged-in customer's e-mail (runtime config customerEmail). */
  customerEmail: string | null;
  /** The row version of the session's quote while it is open, else null (CartViewService). */
  quoteVersion: string | null;
  /**
   * False while nothing was stored for the visitor: the session is only its
   * cookie, and its row is created by the first write (SessionService).
   */
  stored: boolean;
}

export type SessionPatch = Partial<Pick<SessionRecord, 'storeId' | 'customerId' | 'quoteId' | 'data'>>;

type Row = Omit<SessionRecord, 'stored'>;
/** The columns of the sessions table. */
export type SessionColumns = Omit<SessionRecord, 'stored' | 'customerEmail' | 'quoteVersion'>;

function prepareFindSession(db: AppDb) {
  return db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      storeId: sessions.storeId,
      customerId: sessions.customerId,
      quoteId: sessions.quoteId,
      data: sessions.data,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      customerEmail: customers.email,
      quoteVersion,
    })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(quotes, and(eq(quotes.id, sessions.quoteId), eq(quotes.status, 'open')))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session');
}
const findSessionQueries = new WeakMap<AppDb, ReturnType<typeof prepareFindSession>>();

/**
 * The session row with its customer's e-mail and its open quote's version, in
 * one query; ended (expired) rows too: the caller decides. Read on every API
 * call without a cached row, so it is a prepared statement: built once, and
 * planned once per PostgreSQL connection.
 */
export async function findSession(db: AppDb, id: string): Promise<Row | null> {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const rows = await query.execute({ id });
  return rows[0] ?? null;
}

/**
 * The row of an anonymous session's first write. A concurrent first write of
 * the same session (two tabs) may have created it: then `onConflict` is applied
 * to that row instead (nothing when empty).
 */
export async function insertSession(
  db: AppDb,
  record: SessionColumns,
  onConflict: PgUpdateSetSource<typeof sessions> = {},
): Promise<void> {
  const insert = db.insert(sessions).values({ ...record, createdAt: record.lastSeenAt });
  await (Object.keys(onConflict).length === 0
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: sessions.id, set: onConflict }));
}

export async function updateSession(
  db: AppDb,
  id: string,
  patch: SessionPatch & { lastSeenAt?: Date; expiresAt?: Date },
): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

/** `data || patch`: merges keys into the session's data in one statement, so concurrent calls do not undo each other. */
export const mergedData = (patch: Record<string, unknown>) =>
  sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb`;

export async function mergeSessionData(db: AppDb, id: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(sessions)
    .set({ data: mergedData(patch) })
    .where(eq(sessions.id, id));
}

/**
 * The session's quote id, locking the session row until the transaction ends:
 * two add calls of one session (a double click, two tabs) then run one after
 * the other, so they never create two open quotes.
 */
export async function lockSessionQuote(tx: AppDb, sessionId: string): Promise<number | null> {
  const rows = await queryRows<{ quote_id: number | null }>(
    tx,
    sql`select ${sessions.quoteId} as quote_id from ${sessions} where ${sessions.id} = ${sessionId} for update`,
  );
  return rows[0]?.quote_id ?? null;
}

/**
 * Gives the session a new id and form key, moving its quotes along, and keeps
 * the old id as an ended row so it can never serve again (no session fixation).
 */
export async function renameSession(
  tx: AppDb,
  from: SessionColumns,
  to: { id: string; csrfToken: string },
  now: Date,
): Promise<void> {
  await tx.update(sessions).set(to).where(eq(sessions.id, from.id));
  await tx.update(quotes).set({ sessionId: to.id }).where(eq(quotes.sessionId, from.id));
  await tx
    .insert(sessions)
    .values({ ...from, customerId: null, quoteId: null, data: {}, createdAt: now, expiresAt: now })
    .onConflictDoNothing();
}

/** Ends a session (logout): the row stays, expired, until deleteEndedSessions. */
export async function endSession(db: AppDb, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt: now }).where(eq(sessions.id, id));
}

/** Ends every live session of a customer (password change, account closed); answers their ids. */
export async function endCustomerSessions(db: AppDb, customerId: number, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(eq(sessions.customerId, customerId), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function customerEmail(db: AppDb, customerId: number): Promise<string | null> {
  const rows = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0]?.email ?? null;
}

/**
 * Deletes ended rows once their id is too old to be taken as a fresh anonymous
 * session (isFreshAnonymousId): created_at is never before the id's issue time,
 * and a day of margin covers clock skew.
 */
export async function deleteEndedSessions(db: AppDb, now: Date): Promise<void> {
  const oldEnough = new Date(now.getTime() - SESSION_TTL_MS - 24 * 3600 * 1000);
  await db.delete(sessions).where(and(lt(sessions.expiresAt, now), lt(sessions.createdAt, oldEnough)));
}
