import { type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import { quotes, sessions } from '../../db/schema/index.ts';
import { findSession, lockSession, type NewSessionRow } from './session.repository.ts';
import type { Session } from './session.service.ts';
import { newSessionId, SESSION_TTL_MS } from './session-token.ts';

/** The session's open quote as a quote write finds it: `created` when this write made it (empty, no uploads). */
export interface OpenQuote {
  id: number;
  created: boolean;
}

/** What a quote write's work answers: its result, and the quote's version it left (null: read the session again). */
export interface QuoteWork<T> {
  result: T;
  quoteVersion: number | null;
  /** Keys the work merged into the session's data. */
  data?: Record<string, unknown>;
}

/** The row an anonymous session's first write stores, under a new id (the cookie's id is never stored). */
function firstRow(session: Session, storeId: number): NewSessionRow {
  const now = new Date();
  return {
    id: newSessionId(),
    storeId: session.storeId ?? storeId,
    customerId: null,
    data: {},
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  };
}

/**
 * A first write's session row and its open quote, in one statement (issue 22),
 * with `withQuote`'s statement for the quote when given (a CTE named by its
 * argument, with the quote's id and version); answers the quote and the
 * RETURNING row of `withQuote`. The rows name each other; their foreign keys
 * are checked at the end of the statement, when all exist.
 */
async function insertSessionWithQuote<R>(
  db: AppDb,
  row: NewSessionRow,
  quoteStoreId: number,
  withQuote?: (quote: SQL) => SQL,
): Promise<{ quoteId: number; quoteVersion: number; written: R | null }> {
  const [found] = await queryRows<{ quote_id: number; quote_version: number; written: R | null }>(
    db,
    sql`WITH quote AS (
          INSERT INTO ${quotes} (store_id, session_id, customer_id)
          VALUES (${quoteStoreId}::int, ${row.id}::text, ${row.customerId}::int) RETURNING id, version
        ), stored AS (
          INSERT INTO ${sessions} (id, store_id, customer_id, quote_id, data, created_at, last_seen_at, expires_at)
          SELECT ${row.id}::text, ${row.storeId}::int, ${row.customerId}::int, quote.id,
                 ${JSON.stringify(row.data)}::jsonb, ${row.lastSeenAt.toISOString()}::timestamptz,
                 ${row.lastSeenAt.toISOString()}::timestamptz, ${row.expiresAt.toISOString()}::timestamptz
          FROM quote
        )${withQuote ? sql`, written AS (${withQuote(sql.raw('quote'))})` : sql``}
        SELECT quote.id AS quote_id, quote.version AS quote_version,
          ${withQuote ? sql`(SELECT to_jsonb(written.*) FROM written LIMIT 1)` : sql`NULL::jsonb`} AS written
        FROM quote`,
  );
  if (!found) throw new Error('session insert returned nothing');
  return {
    quoteId: Number(found.quote_id),
    quoteVersion: Number(found.quote_version),
    written: found.written,
  };
}

/**
 * A stored session's new open quote with `withQuote`'s write for it, in one
 * statement (issue 22): the quote's id is taken first, and the session's row
 * takes it (merging `data`) only while it still names the quote it was read
 * with (`seenQuoteId`, not open): that UPDATE holds the row to the end of the
 * statement, as a write's lock would, and a session changed meanwhile (another
 * add made its quote, a log-in moved it) updates nothing, so nothing is
 * inserted: answers null, and the caller writes in a transaction instead.
 */
async function linkNewQuote<R>(
  db: AppDb,
  session: Session,
  storeId: number,
  data: Record<string, unknown>,
  withQuote: (quote: SQL) => SQL,
): Promise<{ quoteId: number; quoteVersion: number; written: R | null } | null> {
  const [found] = await queryRows<{ quote_id: number; quote_version: number; written: R | null }>(
    db,
    sql`WITH next AS (
          SELECT nextval(pg_get_serial_sequence('quotes', 'id'))::int AS id
        ), linked AS (
          UPDATE ${sessions} AS s SET quote_id = next.id, data = s.data || ${JSON.stringify(data)}::jsonb
          FROM next
          WHERE s.id = ${session.id}::text AND s.quote_id IS NOT DISTINCT FROM ${session.quoteId}::int
          RETURNING s.quote_id
        ), quote AS (
          INSERT INTO ${quotes} (id, store_id, session_id, customer_id)
          SELECT linked.quote_id, ${storeId}::int, ${session.id}::text, ${session.customerId}::int FROM linked
          RETURNING id, version
        ), written AS (${withQuote(sql.raw('quote'))})
        SELECT quote.id AS quote_id, quote.version AS quote_version,
          (SELECT to_jsonb(written.*) FROM written LIMIT 1) AS written
        FROM quote`,
  );
  if (!found) return null;
  return {
    quoteId: Number(found.quote_id),
    quoteVersion: Number(found.quote_version),
    written: found.written,
  };
}

/**
 * SessionService.storeWithQuote: a write that makes the session's open quote,
 * when it is one statement, sent alone (no transaction: one statement is
 * atomic): an anonymous session's first write (its row, its open quote and
 * `withQuote`'s write for the quote), or a stored session's when it had no open
 * quote as the request read it (linkNewQuote; `data` merged into its data).
 * Answers `withQuote`'s RETURNING row and the session as stored, not read
 * again; null when the stored session changed meanwhile (write in a
 * transaction instead).
 */
export async function storeWithQuote<R>(
  db: AppDb,
  formKey: (id: string) => string,
  session: Session,
  storeId: number,
  withQuote: (quote: SQL) => SQL,
  data: Record<string, unknown> = {},
): Promise<{ row: R; session: Session } | null> {
  if (session.stored) {
    if (session.quoteVersion !== null) throw new Error('storeWithQuote makes the quote: this one has one');
    const done = await linkNewQuote<R>(db, session, storeId, data, withQuote);
    if (!done) return null;
    if (done.written === null) throw new Error('the write wrote nothing for its new quote');
    return {
      row: done.written,
      session: {
        ...session,
        quoteId: done.quoteId,
        quoteVersion: done.quoteVersion,
        data: { ...session.data, ...data },
        formKey: formKey(session.id),
      },
    };
  }
  const row = firstRow(session, storeId);
  const done = await insertSessionWithQuote<R>(db, row, storeId, withQuote);
  if (done.written === null) throw new Error('the first write wrote nothing for its quote');
  return {
    row: done.written,
    session: {
      ...session,
      ...row,
      stored: true,
      customerEmail: null,
      customerPreferredPayment: null,
      quoteId: done.quoteId,
      quoteVersion: done.quoteVersion,
      formKey: formKey(row.id),
    },
  };
}

/** A new open quote for a stored session (locked by the caller), linked to it in the same statement. */
async function newSessionQuote(
  tx: AppDb,
  sessionId: string,
  storeId: number,
  customerId: number | null,
): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    tx,
    sql`WITH quote AS (
          INSERT INTO ${quotes} (store_id, session_id, customer_id)
          VALUES (${storeId}::int, ${sessionId}::text, ${customerId}::int) RETURNING id
        )
        UPDATE ${sessions} SET quote_id = quote.id FROM quote WHERE ${sessions.id} = ${sessionId}::text
        RETURNING quote.id`,
  );
  if (!found) throw new Error(`session ${sessionId} vanished during its own write`);
  return Number(found.id);
}

/**
 * SessionService.writeQuote: `work` in one transaction holding the session's
 * row, with the session's open quote (created when missing: with the session's
 * row at its first write, one statement either way). The session answered is
 * the one held, with the quote's version `work` answers, not read again
 * (issue 22): the row was locked (or written) by this transaction, so only
 * `work`'s own changes differ from what the request read.
 */
export async function writeQuote<T>(
  db: AppDb,
  formKey: (id: string) => string,
  session: Session,
  storeId: number,
  work: (tx: AppDb, sessionId: string, quote: OpenQuote) => Promise<QuoteWork<T>>,
): Promise<{ result: T; session: Session }> {
  let held: Session = session;
  const done = await db.transaction(async (tx) => {
    let quote: OpenQuote;
    if (session.stored) {
      const locked = await lockSession(tx, session.id);
      if (!locked) throw new Error(`session ${session.id} vanished during its own write`);
      quote =
        locked.quoteId !== null && locked.quoteOpen
          ? { id: locked.quoteId, created: false }
          : { id: await newSessionQuote(tx, session.id, storeId, session.customerId), created: true };
    } else {
      const row = firstRow(session, storeId);
      quote = { id: (await insertSessionWithQuote(tx, row, storeId)).quoteId, created: true };
      held = { ...session, ...row, stored: true, customerEmail: null, customerPreferredPayment: null };
    }
    return { ...(await work(tx, held.id, quote)), quoteId: quote.id };
  });
  if (done.quoteVersion === null) {
    const row = await findSession(db, held.id);
    if (!row) throw new Error(`session ${held.id} vanished during its own write`);
    return { result: done.result, session: { ...row, stored: true, formKey: formKey(row.id) } };
  }
  return {
    result: done.result,
    session: {
      ...held,
      quoteId: done.quoteId,
      quoteVersion: done.quoteVersion,
      data: { ...held.data, ...done.data },
      formKey: formKey(held.id),
    },
  };
}
