import type { SQL } from 'drizzle-orm';
import type { AppDb, Database } from '../../db/client.ts';
import {
  deleteEndedSessions,
  deleteSession,
  findSession,
  insertSession,
  type LockedSession,
  lockSession,
  mergeSessionData,
  moveSession,
  type SessionDataPatch,
  type SessionRow,
  sessionMoveSql,
  updateSession,
} from './session.repository.ts';
import { type OpenQuote, type QuoteWork, storeWithQuote, writeQuote } from './session-quote.ts';
import { formKeyFor, newSessionId, readToken, SESSION_TTL_MS, signToken } from './session-token.ts';
import type { Session, SessionChange, SessionLock } from './session-types.ts';

export type { LockedSession } from './session.repository.ts';
export type { Session, SessionChange, SessionLock } from './session-types.ts';

/** A session stored by this very write: no quote yet. */
const NEW_SESSION: LockedSession = { quoteId: null, quoteOpen: false };

/** Sliding expiry is pushed forward at most once a day, so reads stay reads. */
export const SLIDE_AFTER_MS = 24 * 3600 * 1000;

/**
 * Sessions, with plain inputs (no HTTP objects): the request hook
 * (session.plugin.ts) turns cookies into sessions and back. Nothing is cached:
 * a stored session is one prepared query per request, an anonymous one none.
 */
export interface SessionService {
  /** The session a cookie value names, or null (none, not ours, ended, expired). */
  fromCookie(value: string | undefined, now: Date): Promise<Session | null>;
  /** A new anonymous session: nothing is stored until its first write. */
  start(now: Date, storeId?: number | null): Session;
  /** The cookie value of a session. */
  cookieValue(session: Session): string;
  /**
   * Runs `work` in one transaction holding the session's row locked; the first
   * write of an anonymous session stores it under a NEW id (the cookie's id is
   * never stored, so an id planted by someone else never becomes a stored
   * session). Answers the work's result and the session as committed.
   */
  write<T>(
    session: Session,
    storeId: number,
    work: (tx: AppDb, sessionId: string, locked: LockedSession | undefined) => Promise<T>,
    /** The row as `work` left it, when its own statement returned it: then not read again. */
    written?: (result: T) => SessionRow | undefined,
    lock?: SessionLock,
  ): Promise<{ result: T; session: Session }>;
  /**
   * write() of a change to the session's open quote (session-quote.ts): the
   * quote is created when missing, and the session answered is not read again.
   */
  writeQuote<T>(
    session: Session,
    storeId: number,
    work: (tx: AppDb, sessionId: string, quote: OpenQuote) => Promise<QuoteWork<T>>,
  ): Promise<{ result: T; session: Session }>;
  /**
   * A write that makes the session's open quote as one statement (session-quote.ts): an anonymous
   * session's first, or a stored one's without an open quote (`data` merged; null: it changed
   * meanwhile, write in a transaction).
   */
  storeWithQuote<R>(
    session: Session,
    storeId: number,
    withQuote: (quote: SQL) => SQL,
    data?: Record<string, unknown>,
  ): Promise<{ row: R; session: Session } | null>;
  /**
   * Log in and the writes that log a customer in (checkout of a new customer):
   * runs `work` in one transaction holding the session (storing an anonymous one
   * first), then moves the session to a NEW id with the customer `work` answers,
   * keeping its store, data and quote. The old id is deleted in the same
   * transaction, so an id known before (fixated, leaked) never reaches the account.
   */
  renew<T>(
    session: Session,
    storeId: number,
    work: (
      tx: AppDb,
      sessionId: string,
      locked: LockedSession | undefined,
      /** The id the session moves to when `work` succeeds. */
      newId: string,
      /**
       * The move's UPDATE as SQL (returning the row as findSession reads it), for a work that sends
       * it inside its own last statement (issue 22) and answers the row it returned as `moved`.
       */
      moveSql: (customerId: number, data: SessionDataPatch) => SQL,
      /** `data`: keys merged into the session's data by the move's own UPDATE. */
    ) => Promise<{
      result: T;
      customerId: number;
      data?: Record<string, unknown>;
      /** The work sent moveSql itself: the row it returned (undefined: the old row was gone). */
      moved?: { row: SessionRow | undefined };
    }>,
    lock?: SessionLock,
  ): Promise<{ result: T; session: Session }>;
  /**
   * The id a cookie names when its signature holds and it names a stored
   * session, whether or not that session still exists (a checkout replayed
   * with the cookie a renewal replaced: checkout idempotency).
   */
  signedStoredId(value: string | undefined): string | null;
  /** The form key of a session id. */
  formKeyOf(id: string): string;
  /** A stored, unexpired session by id (the session a checkout's renewal created, for its replay); null otherwise. */
  byId(id: string, now: Date): Promise<Session | null>;
  /** Log out: deletes the stored session and answers a new anonymous one (a new id) in the same store. */
  end(session: Session, storeId: number): Promise<Session>;
  /** Changes a session (storing it at its first write); answers the session as committed. */
  change(session: Session, storeId: number, change: SessionChange): Promise<Session>;
  /** Pushes a stored session's expiry forward when it was last pushed a day ago or more. */
  slide(session: Session, now: Date): Promise<Session>;
  /** Deletes the sessions that ended before `now`; answers how many. */
  removeEnded(now: Date): Promise<number>;
}

export function createSessionService(database: Database, secret: Buffer): SessionService {
  const db = database.db;
  const formKey = (id: string) => formKeyFor(secret, id);

  function fromRow(row: SessionRow): Session {
    return { ...row, stored: true, formKey: formKey(row.id) };
  }

  async function load(id: string): Promise<Session> {
    const row = await findSession(db, id);
    if (!row) throw new Error(`session ${id} vanished during its own write`);
    return fromRow(row);
  }

  /** `work` in one transaction holding the session's row (an anonymous session is stored first, under a new id). */
  async function transact<T>(
    session: Session,
    storeId: number,
    work: (tx: AppDb, sessionId: string, locked: LockedSession | undefined) => Promise<T>,
    lock: SessionLock = lockSession,
  ): Promise<{ result: T; sessionId: string }> {
    let sessionId = session.id;
    const result = await db.transaction(async (tx) => {
      let locked: LockedSession | undefined = NEW_SESSION;
      if (session.stored) {
        locked = await lock(tx, session.id);
      } else {
        const now = new Date();
        sessionId = newSessionId();
        await insertSession(tx, {
          id: sessionId,
          storeId: session.storeId ?? storeId,
          customerId: null,
          data: {},
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        });
      }
      return work(tx, sessionId, locked);
    });
    return { result, sessionId };
  }

  const service: SessionService = {
    async fromCookie(value, now) {
      const token = readToken(secret, value);
      if (!token) return null;
      if (!token.stored) {
        const expiresAt = new Date(token.issuedAt + SESSION_TTL_MS);
        if (expiresAt <= now || token.issuedAt > now.getTime() + 60_000) return null;
        return {
          id: token.id,
          stored: false,
          storeId: token.storeId,
          customerId: null,
          customerEmail: null,
          customerPreferredPayment: null,
          quoteId: null,
          quoteVersion: null,
          data: {},
          lastSeenAt: new Date(token.issuedAt),
          expiresAt,
          formKey: formKey(token.id),
        };
      }
      const row = await findSession(db, token.id);
      return row && row.expiresAt > now ? fromRow(row) : null;
    },

    signedStoredId(value) {
      const token = readToken(secret, value);
      return token?.stored ? token.id : null;
    },

    formKeyOf: (id) => formKey(id),

    async byId(id, now) {
      const row = await findSession(db, id);
      return row && row.expiresAt > now ? fromRow(row) : null;
    },

    start(now, storeId = null) {
      const id = newSessionId();
      return {
        id,
        stored: false,
        storeId,
        customerId: null,
        customerEmail: null,
        customerPreferredPayment: null,
        quoteId: null,
        quoteVersion: null,
        data: {},
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        formKey: formKey(id),
      };
    },

    cookieValue(session) {
      return signToken(secret, {
        id: session.id,
        stored: session.stored,
        storeId: session.stored ? null : session.storeId,
        issuedAt: session.lastSeenAt.getTime(),
      });
    },

    async write(session, storeId, work, written, lock) {
      const { result, sessionId } = await transact(session, storeId, work, lock);
      const row = written?.(result);
      return { result, session: row ? fromRow(row) : await load(sessionId) };
    },

    writeQuote: (session, storeId, work) => writeQuote(db, formKey, session, storeId, work),
    storeWithQuote: (session, storeId, withQuote, data) =>
      storeWithQuote(db, formKey, session, storeId, withQuote, data),

    async renew(session, storeId, work, lock) {
      const newId = newSessionId();
      let moved: SessionRow | undefined;
      const { result } = await transact(
        session,
        storeId,
        async (tx, sessionId, locked) => {
          const now = new Date();
          const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
          const done = await work(tx, sessionId, locked, newId, (customerId, data) =>
            sessionMoveSql(sessionId, newId, customerId, now, expiresAt, data),
          );
          moved = done.moved
            ? done.moved.row
            : await moveSession(tx, sessionId, newId, done.customerId, now, expiresAt, done.data);
          return done.result;
        },
        lock,
      );
      // The moved row as its UPDATE returned it, committed now (no read after the write).
      return { result, session: moved ? fromRow(moved) : await load(newId) };
    },

    async end(session, storeId) {
      if (session.stored) await deleteSession(db, session.id);
      return service.start(new Date(), session.storeId ?? storeId);
    },

    async change(session, storeId, change) {
      const { data: patch, ...other } = change;
      if (session.stored && patch && Object.keys(other).length === 0) {
        // A stored session's data alone: one UPDATE merges it (jsonb ||, atomic on the row), no lock and
        // no re-read (issue 22); the answer's session is the one we hold with the same merge.
        await mergeSessionData(db, session.id, patch);
        return { ...session, data: { ...session.data, ...patch } };
      }
      const { session: changed } = await service.write(session, storeId, async (tx, id) => {
        const { data, ...columns } = change;
        if (Object.keys(columns).length > 0) await updateSession(tx, id, columns);
        if (data) await mergeSessionData(tx, id, data);
      });
      return changed;
    },

    removeEnded: (now) => deleteEndedSessions(db, now),

    async slide(session, now) {
      if (!session.stored || now.getTime() - session.lastSeenAt.getTime() < SLIDE_AFTER_MS) return session;
      const patch = { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
      await updateSession(db, session.id, patch);
      return { ...session, ...patch };
    },
  };
  return service;
}
