import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { quotes, sessions } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { isApiRoute } from '../../http/paths.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import {
  customerEmail,
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  mergeSessionData,
  type SessionPatch,
  type SessionRecord,
  updateSession,
} from './session.repository.ts';
import { hostCandidates, resolveStoreId } from './store-resolution.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding expiry is pushed forward at most once a day, so reads stay reads. */
const SLIDE_AFTER_MS = 24 * 3600 * 1000;

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
    /** Load (or lazily create) the session and resolve the store before the handler. */
    session?: boolean;
  }
}

export interface SessionService {
  /** Loads or creates the request's session and resolves its store; once per request. */
  attach(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Persists a change to the request's session (store, customer, quote, data). */
  update(request: FastifyRequest, patch: SessionPatch): Promise<SessionRecord>;
  /** Sets keys of the session's data (others are kept), atomically. */
  mergeData(request: FastifyRequest, patch: Record<string, unknown>): Promise<SessionRecord>;
  /** New id and form key for the same session (call after login: no session fixation). */
  regenerate(request: FastifyRequest, reply: FastifyReply): Promise<SessionRecord>;
  /** Ends the session (logout); the next request starts a fresh one. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The request's store without touching the session table (error answers, routes without a session). */
  peekStore(request: FastifyRequest): Promise<StoreRow | null>;
}

/** The request's session and store, for handlers that run after `attach` (API routes, host page). */
export function requireSession(request: FastifyRequest): { session: SessionRecord; store: StoreRow } {
  if (!request.session || !request.store) throw new Error('session not attached to this route');
  return { session: request.session, store: request.store };
}

const newToken = () => randomBytes(32).toString('base64url');

export const sessionPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const db = app.db;

    function setCookie(reply: FastifyReply, id: string) {
      reply.setCookie(SESSION_COOKIE, id, {
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

    async function attach(request: FastifyRequest, reply: FastifyReply) {
      if (request.session) return;
      const now = new Date();
      const catalog = await app.catalog.snapshot();
      const cookieId = request.cookies[SESSION_COOKIE];
      let session = cookieId ? await findSession(db, cookieId, now) : null;
      const resolution = resolve(request, catalog, session?.storeId ?? null);

      if (!session) {
        session = {
          id: newToken(),
          csrfToken: newToken(),
          storeId: resolution.storeId,
          customerId: null,
          quoteId: null,
          data: {},
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
          customerEmail: null,
        };
        await insertSession(db, session);
        setCookie(reply, session.id);
      } else {
        const slide = now.getTime() - session.lastSeenAt.getTime() > SLIDE_AFTER_MS;
        if (slide || resolution.remember) {
          const patch = {
            ...(resolution.remember ? { storeId: resolution.storeId } : {}),
            ...(slide ? { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) } : {}),
          };
          await updateSession(db, session.id, patch);
          session = { ...session, ...patch };
          if (slide) setCookie(reply, session.id);
        }
      }
      request.session = session;
      // The store exists: resolveStoreId only answers known ids, except the default.
      const store = catalog.stores.get(resolution.storeId);
      if (!store) throw new Error(`store ${resolution.storeId} is missing from the stores table`);
      request.store = store;
    }

    const service: SessionService = {
      attach,
      async update(request, patch) {
        const { session } = requireSession(request);
        await updateSession(db, session.id, patch);
        let email = session.customerEmail;
        if ('customerId' in patch && patch.customerId !== session.customerId) {
          email = patch.customerId == null ? null : await customerEmail(db, patch.customerId);
        }
        request.session = { ...session, ...patch, customerEmail: email };
        return request.session;
      },
      async mergeData(request, patch) {
        const { session } = requireSession(request);
        const data = await mergeSessionData(db, session.id, patch);
        request.session = { ...session, data };
        return request.session;
      },
      async regenerate(request, reply) {
        const { session } = requireSession(request);
        const next = { ...session, id: newToken(), csrfToken: newToken() };
        await db.transaction(async (tx) => {
          await tx
            .update(sessions)
            .set({ id: next.id, csrfToken: next.csrfToken })
            .where(eq(sessions.id, session.id));
          await tx.update(quotes).set({ sessionId: next.id }).where(eq(quotes.sessionId, session.id));
        });
        setCookie(reply, next.id);
        request.session = next;
        return next;
      },
      async peekStore(request) {
        if (request.store) return request.store;
        const catalog = await app.catalog.snapshot();
        return catalog.stores.get(resolve(request, catalog, null).storeId) ?? null;
      },
      async destroy(request, reply) {
        if (request.session) await deleteSession(db, request.session.id);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        request.session = null;
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

    // Expired sessions are removed hourly; unref'd so the timer never keeps the process alive.
    const timer = setInterval(() => {
      deleteExpiredSessions(db, new Date()).catch((err) => app.log.warn({ err }, 'session cleanup failed'));
    }, 3600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['database', 'catalog'] },
);
