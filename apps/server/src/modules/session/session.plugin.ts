import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { isApiRoute } from '../../http/paths.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { createSessionService, type Session, type SessionService } from './session.service.ts';
import { loadSessionSecret } from './session-secret.ts';
import { hostCandidates, resolveStoreId, type StoreResolution } from './store-resolution.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for API routes and routes with `config: { session: true }` (host page); null elsewhere. */
    session: Session | null;
    /** The store the request is for; set together with `session`. */
    store: StoreRow | null;
    /** How `store` was chosen (the preHandler remembers a `?store_id=` choice). */
    storeResolution: StoreResolution | null;
    /**
     * The id of the stored session the request's signed cookie names when that
     * session is gone (a renewal moved it): a checkout replay may still be
     * answered to it (checkout idempotency); null otherwise.
     */
    staleSessionId: string | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
    /** The request's store, also for requests without a session (error answers): host, ?store_id=, default. */
    requestStore(request: FastifyRequest): Promise<StoreRow | null>;
    /**
     * The origin the request arrived at when its Host is one we know (a store's host
     * name, STORE_HOSTS, loopback), else '' (same origin): without PUBLIC_BASE_URL,
     * no answer reflects an arbitrary Host header.
     */
    knownOrigin(request: FastifyRequest): Promise<string>;
  }
  interface FastifyContextConfig {
    /** Give the route a session (from the cookie, else a new anonymous one) and its store. */
    session?: boolean;
    /**
     * The form key of the stale session the cookie names is accepted too
     * (request.staleSessionId): a checkout sent again after the answer that
     * renewed its session was lost. The route decides what such a request may do.
     */
    staleSessionFormKey?: boolean;
  }
}

/** The session and the store of a route that has them (API routes, the host page). */
export function visitorOf(request: FastifyRequest): { session: Session; store: StoreRow } {
  if (!request.session || !request.store) throw new Error('no session on this route');
  return { session: request.session, store: request.store };
}

const withSession = (request: FastifyRequest) =>
  isApiRoute(request.routeOptions.url) || request.routeOptions.config.session === true;

/**
 * The only place cookies are read and written. onRequest: the cookie's session
 * (or a new anonymous one) and the request's store. preHandler (only after the
 * form key and the input were accepted, never for HEAD): a store chosen with
 * `?store_id=` on a GET is remembered, and a stored session's expiry slides.
 * onSend: when the answer succeeded and the session's cookie value changed (new,
 * first write under a new id, store chosen, expiry slid), the cookie is set.
 * A refused request therefore changes nothing.
 */
export const sessionPlugin = fp<{ env: Env }>(
  async (app: FastifyInstance, { env }) => {
    const service = createSessionService(app.database, loadSessionSecret(env));

    const secure = (request: FastifyRequest) => env.COOKIE_SECURE || request.protocol === 'https';
    const cookieName = (request: FastifyRequest) => (secure(request) ? '__Host-sid' : 'sid');

    async function resolve(request: FastifyRequest, sessionStoreId: number | null) {
      const catalog = await app.catalog.snapshot();
      const resolution = resolveStoreId({
        hosts: hostCandidates(request.headers.host),
        queryStoreId: (request.query as Record<string, unknown> | undefined)?.store_id,
        sessionStoreId,
        hostMaps: [env.STORE_HOSTS, catalog.storeByHost],
        isKnownStore: (id) => catalog.stores.has(id),
      });
      const store = catalog.stores.get(resolution.storeId);
      if (!store) throw new Error(`store ${resolution.storeId} is missing from the stores table`);
      return { resolution, store };
    }

    app.decorate('sessions', service);
    app.decorateRequest('session', null);
    app.decorateRequest('store', null);
    app.decorateRequest('storeResolution', null);
    app.decorateRequest('staleSessionId', null);
    app.decorate('requestStore', async (request: FastifyRequest) => {
      if (request.store) return request.store;
      return (await resolve(request, null)).store;
    });

    const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/;
    app.decorate('knownOrigin', async (request: FastifyRequest) => {
      const host = request.host.toLowerCase();
      const catalog = await app.catalog.snapshot();
      const known =
        LOOPBACK.test(host) ||
        hostCandidates(host).some((h) => env.STORE_HOSTS.has(h) || catalog.storeByHost.has(h));
      return known ? `${request.protocol}://${host}` : '';
    });

    app.addHook('onRequest', async (request) => {
      if (!withSession(request)) return;
      const now = new Date();
      const cookie = request.cookies[cookieName(request)];
      const found = await service.fromCookie(cookie, now);
      const session = found ?? service.start(now);
      if (!found) request.staleSessionId = service.signedStoredId(cookie);
      const { resolution, store } = await resolve(request, session.storeId);
      request.session = session;
      request.store = store;
      request.storeResolution = resolution;
    });

    app.addHook('preHandler', async (request) => {
      const session = request.session;
      if (!session || request.method === 'HEAD') return;
      const resolution = request.storeResolution;
      if (request.method === 'GET' && resolution?.source === 'query' && resolution.remember) {
        // Stored: a write to the row. Anonymous: only the signed cookie changes.
        request.session = session.stored
          ? await service.change(session, resolution.storeId, { storeId: resolution.storeId })
          : { ...session, storeId: resolution.storeId };
      }
      if (request.session) request.session = await service.slide(request.session, new Date());
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = request.session;
      if (!session || reply.statusCode >= 400) return;
      const name = cookieName(request);
      const value = service.cookieValue(session);
      if (request.cookies[name] === value) return;
      reply.setCookie(name, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        maxAge: Math.max(1, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)),
      });
    });
  },
  { name: 'sessions', dependencies: ['database', 'catalog'] },
);
