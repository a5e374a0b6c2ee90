import { and, eq, is, lt, ne, SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import { customers, quotes, sessions } from '../../db/schema/index.ts';

/** A session row with what every request needs besides it: the customer's e-mail and the open quote's version. */
export interface SessionRow {
  id: string;
  storeId: number;
  customerId: number | null;
  quoteId: number | null;
  data: Record<string, unknown>;
  lastSeenAt: Date;
  expiresAt: Date;
  customerEmail: string | null;
  /** The customer's preferred payment method ('' none), null without a customer. */
  customerPreferredPayment: string | null;
  /** The version of the session's quote while it is open, else null. */
  quoteVersion: number | null;
}

export type NewSessionRow = Pick<
  SessionRow,
  'id' | 'storeId' | 'customerId' | 'data' | 'lastSeenAt' | 'expiresAt'
>;
export type SessionPatch = Partial<Pick<SessionRow, 'storeId' | 'customerId' | 'lastSeenAt' | 'expiresAt'>>;

function prepareFindSession(db: AppDb) {
  return db
    .select({
      id: sessions.id,
      storeId: sessions.storeId,
      customerId: sessions.customerId,
      quoteId: sessions.quoteId,
      data: sessions.data,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      customerEmail: customers.email,
      customerPreferredPayment: customers.preferredPayment,
      quoteVersion: quotes.version,
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
 * call of a stored session, so it is a prepared statement.
 */
export async function findSession(db: AppDb, id: string): Promise<SessionRow | null> {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const rows = await query.execute({ id });
  return rows[0] ?? null;
}

export async function insertSession(db: AppDb, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values({ ...row, createdAt: row.lastSeenAt });
}

export async function updateSession(db: AppDb, id: string, patch: SessionPatch): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

/** What a session's write knows of its row once it holds it: its quote, and whether that quote is open. */
export interface LockedSession {
  quoteId: number | null;
  quoteOpen: boolean;
}

/**
 * Locks the session's row until the transaction ends (one session's writes run
 * one after the other) and answers its quote in the same statement; undefined
 * when the row is gone (a concurrent log-in moved it to a new id, or it ended).
 */
export async function lockSession(tx: AppDb, id: string): Promise<LockedSession | undefined> {
  const [row] = await queryRows<{ quote_id: number | null; quote_open: boolean }>(
    tx,
    sql`select ${sessions.quoteId} as quote_id, coalesce(${quotes.status} = 'open', false) as quote_open
        from ${sessions} left join ${quotes} on ${quotes.id} = ${sessions.quoteId}
        where ${sessions.id} = ${id}
        for update of ${sessions}`,
  );
  return row ? { quoteId: row.quote_id, quoteOpen: row.quote_open } : undefined;
}

/**
 * mergeSessionData's UPDATE as SQL, for a caller that sends it inside its own
 * statement (a CTE), returning the row as findSession reads it (RawSessionRow;
 * sessionRowOf): the session a write answers, without reading it again.
 */
export function sessionDataMerge(id: string, patch: SessionDataPatch): SQL {
  return sql`UPDATE ${sessions} AS s SET data = s.data || ${jsonbOf(patch)} WHERE s.id = ${id}
    ${sessionReturning}`;
}

/** Keys merged into a session's data: an object, or a jsonb SQL expression (of the statement's CTEs). */
export type SessionDataPatch = Record<string, unknown> | SQL;
const jsonbOf = (patch: SessionDataPatch): SQL =>
  is(patch, SQL) ? sql`(${patch})` : sql`${JSON.stringify(patch)}::jsonb`;

/** `data || patch`: merges keys into the session's data in one statement, so concurrent calls do not undo each other. */
export async function mergeSessionData(db: AppDb, id: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sessions.id, id));
}

/** Deletes the sessions that ended before `now` (their quotes keep their items, without a session). */
export async function deleteEndedSessions(db: AppDb, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

/** A session row as an UPDATE's RETURNING (sessionReturning) or its JSON gives it. */
export interface RawSessionRow {
  id: string;
  store_id: number;
  customer_id: number | null;
  quote_id: number | null;
  data: Record<string, unknown>;
  last_seen_at: Date | string;
  expires_at: Date | string;
  customer_email: string | null;
  customer_preferred_payment: string | null;
  quote_version: number | null;
}

/** The RETURNING of an UPDATE of `sessions AS s`: the row as findSession reads it. */
const sessionReturning = sql`RETURNING s.id, s.store_id, s.customer_id, s.quote_id, s.data, s.last_seen_at, s.expires_at,
  (SELECT c.email FROM ${customers} c WHERE c.id = s.customer_id) AS customer_email,
  (SELECT c.preferred_payment FROM ${customers} c WHERE c.id = s.customer_id) AS customer_preferred_payment,
  (SELECT q.version FROM ${quotes} q WHERE q.id = s.quote_id AND q.status = 'open') AS quote_version`;

export function sessionRowOf(row: RawSessionRow): SessionRow {
  return {
    id: row.id,
    storeId: Number(row.store_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    quoteId: row.quote_id === null ? null : Number(row.quote_id),
    data: row.data,
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    customerEmail: row.customer_email,
    customerPreferredPayment: row.customer_preferred_payment,
    quoteVersion: row.quote_version === null ? null : Number(row.quote_version),
  };
}

/**
 * Moves a session to a new id (log in, log out: the id is renewed): one
 * UPDATE of the row's key, with `customerId` and new times; its quote and
 * uploads follow through their foreign keys (ON UPDATE CASCADE, migration
 * 0011), and the old cookie names nothing any more; `data` is merged into its
 * data. Answers the moved row as
 * findSession reads it, from the UPDATE's RETURNING (no read after the
 * write, issue 22); undefined when the old row is gone.
 */
export async function moveSession(
  tx: AppDb,
  oldId: string,
  newId: string,
  customerId: number | null,
  now: Date,
  expiresAt: Date,
  /** Keys merged into the row's data in the same UPDATE. */
  data: Record<string, unknown> = {},
): Promise<SessionRow | undefined> {
  const [row] = await queryRows<RawSessionRow>(
    tx,
    sessionMoveSql(oldId, newId, customerId, now, expiresAt, data),
  );
  return row ? sessionRowOf(row) : undefined;
}

/** moveSession's UPDATE as SQL, for a caller that sends it inside its own statement (a CTE; RawSessionRow). */
export function sessionMoveSql(
  oldId: string,
  newId: string,
  customerId: number | null,
  now: Date,
  expiresAt: Date,
  data: SessionDataPatch,
): SQL {
  return sql`UPDATE ${sessions} AS s
    SET id = ${newId}::text, customer_id = ${customerId}::int, created_at = ${now.toISOString()}::timestamptz,
        last_seen_at = ${now.toISOString()}::timestamptz, expires_at = ${expiresAt.toISOString()}::timestamptz,
        data = s.data || ${jsonbOf(data)}
    WHERE s.id = ${oldId}::text
    ${sessionReturning}`;
}

/** Deletes one session (log out). */
export async function deleteSession(db: AppDb, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Deletes every session of a customer but `keepId` (a password change ends the others). */
export async function deleteCustomerSessions(
  db: AppDb,
  customerId: number,
  keepId: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepId === null
        ? eq(sessions.customerId, customerId)
        : and(eq(sessions.customerId, customerId), ne(sessions.id, keepId)),
    );
}
