import { DEFAULT_STORE_ID } from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import { createNoCache, createReadCache, type ReadCache } from '../../db/read-cache.ts';
import type { Env } from '../../env.ts';
import { isApiRoute } from '../../http/paths.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import {
  deleteEndedSessions,
  endCustomerSessions,
  endSession,
  findSession,
  insertSession,
  lockSessionQuote,
  mergedData,
  mergeSessionData,
  renameSession,
  type SessionPatch,
  type SessionRecord,
  updateSession,
} from './session.repository.ts';
import {
  formKeyFor,
  isFreshAnonymousId,
  newSessionId,
  SESSION_TTL_MS,
  sessionIdIssuedAt,
} from './session-ids.ts';
import { anonymousSession, firstRow, storeOf } from './session-records.ts';
import { hostCandidates, resolveStoreId } from './store-resolution.ts';

export const SESSION_COOKIE = 'sid';
/** Sliding expiry is pushed forward at most once a day, so reads stay reads. */
const SLIDE_AFTER_MS = 24 * 3600 * 1000;
/** Bounds staleness from writes this process cannot see (operator SQL); the service's own writes invalidate at once. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 20_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for API routes and routes with `config: { session: true }` (host page); null elsewhere. */
    session: SessionRecord | null;
    /** The resolved store; set together with `session`. */
    store: StoreRow | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
  interface FastifyContextConfig {
    /** Load the session (anonymous until something is stored) and resolve the store before the handler. */
    session?: boolean;
  }
}

/**
 * Sessions. A first visit gets a cookie and a form key but no row: the row is
 * created by the first write (update, mergeData, transaction), so crawlers and
 * one-page visits cost no INSERT. Every write to the sessions table goes through
 * this service: on PGlite (one process) rows are cached in memory and each
 * write invalidates its entry; on PostgreSQL nothing is cached (several
 * instances; docs/operations.md "Several instances").
 */
export interface SessionService {
  /** Loads the request's session (or starts an anonymous one) and resolves its store; once per request. */
  attach(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Persists a change to the request's session (store, customer, quote, data). */
  update(request: FastifyRequest, patch: SessionPatch): Promise<SessionRecord>;
  /** Sets keys of the session's data (others are kept), atomically. */
  mergeData(request: FastifyRequest, patch: Record<string, unknown>): Promise<SessionRecord>;
  /**
   * Runs `work` in a transaction holding the session's row locked (created
   * when missing) and passes the quote id stored in it; the request's session
   * is read again after the commit.
   */
  transaction<T>(
    request: FastifyRequest,
    work: (tx: AppDb, quoteId: number | null) => Promise<T>,
  ): Promise<T>;
  /** Links the session to its open quote, inside `transaction`. */
  setQuote(tx: AppDb, request: FastifyRequest, quoteId: number | null): Promise<void>;
  /** New id and form key for the same session (call after login: no session fixation). */
  regenerate(request: FastifyRequest, reply: FastifyReply): Promise<SessionRecord>;
  /** Ends the session (logout); the next request starts a fresh one. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a customer (password change): they are logged out everywhere at once. */
  endCustomerSessions(customerId: number): Promise<void>;
  /** The request's store without touching the session table (error answers, routes without a session). */
  peekStore(request: FastifyRequest): Promise<StoreRow | null>;
  /** Drops cached rows after the sessions table was changed outside this service (operator tools, tests); no id: all. */
  forget(id?: string): void;
}

/** The request's session and store, for handlers that run after `attach` (API routes, host page). */
export function requireSession(request: FastifyRequest): { session: SessionRecord; store: StoreRow } {
  if (!request.session || !request.store) throw new Error('session not attached to this route');
  return { session: request.session, store: request.store };
}

type Row = Omit<SessionRecord, 'stored'>;

export const sessionPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const db = app.db;
    // PGlite is one connection in one process (the data-dir lock), so this process sees every write.
    const cache: ReadCache<string, Row | null> =
      app.database.kind === 'pglite'
        ? createReadCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: CACHE_TTL_MS })
        : createNoCache();
    const replies = new WeakMap<FastifyRequest, FastifyReply>();

    function setCookie(reply: FastifyReply | undefined, id: string) {
      reply?.setCookie(SESSION_COOKIE, id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: env.COOKIE_SECURE,
        maxAge: SESSION_TTL_MS / 1000,
      });
    }

    function resolve(request: FastifyRequest, catalog: CatalogSnapshot, sessionStoreId: number | null) {
      return resolveStoreId({
        hosts: hostCandidates(request.headers.host),
        queryStoreId: (request.query as Record<string, unknown> | undefined)?.store_id,
        sessionStoreId,
        hostMaps: [env.STORE_HOSTS, catalog.storeByHost],
        isKnownStore: (id) => catalog.stores.has(id),
      });
    }

    async function lookup(id: string): Promise<Row | null> {
      const cached = cache.get(id);
      if (cached !== undefined) return cached;
      const ticket = cache.ticket();
      const row = await findSession(db, id);
      cache.set(id, row, ticket);
      return row;
    }

    /** Reads the session again after a write (the database has the truth: concurrent writes, the customer's e-mail). */
    async function reload(request: FastifyRequest, fallback: SessionRecord): Promise<SessionRecord> {
      cache.invalidate(fallback.id);
      const row = await lookup(fallback.id);
      request.session = row ? { ...row, stored: true } : fallback;
      return request.session;
    }

    /** A stored session's row was written: drop it from the cache and renew the cookie at the first write. */
    function written(request: FastifyRequest, session: SessionRecord) {
      cache.invalidate(session.id);
      if (!session.stored) setCookie(replies.get(request), session.id);
    }

    async function attach(request: FastifyRequest, reply: FastifyReply) {
      if (request.session) return;
      replies.set(request, reply);
      const now = new Date();
      const catalog = await app.catalog.snapshot();
      const cookieId = request.cookies[SESSION_COOKIE];
      const row = cookieId && sessionIdIssuedAt(cookieId) !== null ? await lookup(cookieId) : null;

      let session: SessionRecord;
      if (row && row.expiresAt > now) {
        session = { ...row, stored: true };
        const resolution = resolve(request, catalog, row.storeId);
        const slide = now.getTime() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS;
        if (slide) {
          const patch = { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
          await updateSession(db, row.id, patch);
          cache.invalidate(row.id);
          session = { ...session, ...patch };
          setCookie(reply, row.id);
        }
        request.session = session;
        request.store = storeOf(catalog, resolution.storeId);
        if (resolution.remember) await service.update(request, { storeId: resolution.storeId });
        return;
      }

      // No live row: an anonymous session. A cookie of one we issued lately is kept, so the
      // form key the page holds stays valid; an ended or unknown session gets a new id.
      const keep = cookieId !== undefined && row === null && isFreshAnonymousId(cookieId, now);
      const id = keep ? cookieId : newSessionId(now);
      const resolution = resolve(request, catalog, null);
      session = anonymousSession(id, resolution.storeId, now);
      if (!keep) setCookie(reply, id);
      request.session = session;
      request.store = storeOf(catalog, resolution.storeId);
      // A store chosen with ?store_id= is worth a row; the default or a host name's store is not.
      if (resolution.source === 'query' && resolution.storeId !== DEFAULT_STORE_ID) {
        await service.update(request, { storeId: resolution.storeId });
      }
    }

    const service: SessionService = {
      attach,
      async update(request, patch) {
        const { session } = requireSession(request);
        if (session.stored) await updateSession(db, session.id, patch);
        else await insertSession(db, { ...firstRow(session, new Date()), ...patch }, patch);
        written(request, session);
        return reload(request, { ...session, ...patch });
      },
      async mergeData(request, patch) {
        const { session } = requireSession(request);
        if (session.stored) await mergeSessionData(db, session.id, patch);
        else {
          const row = { ...firstRow(session, new Date()), data: { ...session.data, ...patch } };
          await insertSession(db, row, { data: mergedData(patch) });
        }
        written(request, session);
        return reload(request, { ...session, data: { ...session.data, ...patch } });
      },
      async transaction(request, work) {
        const { session } = requireSession(request);
        try {
          const result = await db.transaction(async (tx) => {
            if (!session.stored) await insertSession(tx, firstRow(session, new Date()));
            return work(tx, await lockSessionQuote(tx, session.id));
          });
          written(request, session);
          await reload(request, session);
          return result;
        } finally {
          cache.invalidate(session.id);
        }
      },
      async setQuote(tx, request, quoteId) {
        const { session } = requireSession(request);
        await updateSession(tx, session.id, { quoteId });
        cache.invalidate(session.id);
      },
      async regenerate(request, reply) {
        const { session } = requireSession(request);
        const now = new Date();
        const id = newSessionId(now);
        const next = { id, csrfToken: formKeyFor(id) };
        try {
          await db.transaction(async (tx) => {
            const row = firstRow(session, now);
            if (!session.stored) await insertSession(tx, row);
            await renameSession(tx, row, next, now);
          });
        } finally {
          cache.invalidate(session.id);
          cache.invalidate(id);
        }
        setCookie(reply, id);
        return reload(request, { ...session, ...next, stored: true });
      },
      async peekStore(request) {
        if (request.store) return request.store;
        const catalog = await app.catalog.snapshot();
        return catalog.stores.get(resolve(request, catalog, null).storeId) ?? null;
      },
      async destroy(request, reply) {
        const session = request.session;
        if (session?.stored) {
          await endSession(db, session.id, new Date());
          cache.invalidate(session.id);
        }
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        request.session = null;
      },
      async endCustomerSessions(customerId) {
        try {
          await endCustomerSessions(db, customerId, new Date());
        } finally {
          cache.invalidateWhere((row) => row?.customerId === customerId);
        }
      },
      forget(id) {
        if (id === undefined) cache.clear();
        else cache.invalidate(id);
      },
    };

    app.decorate('sessions', service);
    app.decorateRequest('session', null);
    app.decorateRequest('store', null);

    app.addHook('onRequest', async (request, reply) => {
      if (isApiRoute(request.routeOptions.url) || request.routeOptions.config.session === true) {
        await attach(request, reply);
      }
    });

    // Ended sessions are removed hourly; unref'd so the timer never keeps the process alive.
    const timer = setInterval(() => {
      deleteEndedSessions(db, new Date()).catch((err) => app.log.warn({ err }, 'session cleanup failed'));
    }, 3600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['database', 'catalog'] },
);
