import type { OperatorRole } from '@shop/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';
import { AppError, notAllowed } from '../../http/app-error.ts';
import { loadSessionSecret } from '../session/session-secret.ts';
import {
  type AdminSession,
  type AdminSessionService,
  createAdminSessions,
  csrfMatches,
  sessionDeadlines,
} from './admin-session.service.ts';
import { createSecondFactor, type SecondFactorService, secondFactorOf } from './second-factor.service.ts';
import { secretBox } from './totp.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator's session on /admin/api routes that need one; null elsewhere. */
    admin: AdminSession | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call a back-office route: 'public' (log in) or the roles allowed.
     * Every /admin/api route must say (the app refuses to start otherwise).
     */
    admin?: 'public' | readonly OperatorRole[];
    /**
     * The route answers a session whose second step (TOTP code, or an admin's
     * enrolment) is still due: the session itself, log out, the code, enrolment.
     * Every other route refuses such a session (403 secondFactorRequired).
     */
    beforeSecondFactor?: true;
  }
}

export const ADMIN_API_PREFIX = '/admin/api';
export const ADMIN_CSRF_HEADER = 'x-admin-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in operator of a route that requires one. */
export function operatorOf(request: FastifyRequest): AdminSession {
  if (!request.admin) throw new Error('no admin session on this route');
  return request.admin;
}

/** The audit actor of a request. */
export function actorOf(request: FastifyRequest) {
  const session = operatorOf(request);
  return { operatorId: session.operator.id, email: session.operator.email };
}

export interface AdminCookies {
  name(request: FastifyRequest): string;
  set(request: FastifyRequest, reply: FastifyReply, token: string, session: AdminSession): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
  token(request: FastifyRequest): string | undefined;
}

/**
 * The back-office cookie, separate from the storefront's `sid`: `__Host-admin`
 * over HTTPS (Secure, Path=/, no Domain), `admin` on plain HTTP (a laptop);
 * HttpOnly, SameSite=Strict, Max-Age up to the session's nearer deadline
 * (15 minutes idle, 8 hours absolute), renewed with each answer.
 */
export function adminCookies(env: Env): AdminCookies {
  const secure = (request: FastifyRequest) => env.COOKIE_SECURE || request.protocol === 'https';
  const name = (request: FastifyRequest) => (secure(request) ? '__Host-admin' : 'admin');
  return {
    name,
    token: (request) => request.cookies[name(request)],
    set(request, reply, token, session) {
      const seconds = Math.round((sessionDeadlines(session).end.getTime() - Date.now()) / 1000);
      reply.setCookie(name(request), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(request),
        maxAge: Math.max(1, seconds),
      });
    },
    clear(request, reply) {
      reply.clearCookie(name(request), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(request),
      });
    },
  };
}

/** A state-changing call must come from our own pages: same Origin when the browser names one. */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Hooks of the /admin/api scope (an encapsulated plugin: the storefront's
 * routes never see them): every route declares who may call it; the session
 * comes from the admin cookie (401 without a live one); a state-changing call
 * needs the same origin and the session's CSRF token in X-Admin-CSRF (403);
 * the role is checked on the server (403); answers are never cached.
 */
export async function registerAdminGuards(
  app: FastifyInstance,
  env: Env,
): Promise<{ sessions: AdminSessionService; cookies: AdminCookies; secondFactor: SecondFactorService }> {
  const sessions = createAdminSessions(app.db);
  const secondFactor = createSecondFactor(app.db, secretBox(loadSessionSecret(env)), sessions.throttled);
  const cookies = adminCookies(env);
  app.decorateRequest('admin', null);

  app.addHook('onRoute', (route) => {
    if (route.config?.admin === undefined) {
      throw new Error(`back-office route ${route.method} ${route.url} declares no admin access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.admin;
    const mutating = !SAFE_METHODS.has(request.method);
    if (mutating && !sameOrigin(request)) throw new AppError('not_allowed', 'forbidden');
    if (access === 'public' || access === undefined) return;
    const session = await sessions.resume(cookies.token(request));
    if (!session) throw new AppError('unauthorized', 'unauthorized');
    request.admin = session;
    const sent = request.headers[ADMIN_CSRF_HEADER];
    if (mutating && !csrfMatches(typeof sent === 'string' ? sent : undefined, session.csrfToken)) {
      throw new AppError('not_allowed', 'forbidden');
    }
    if (!access.includes(session.operator.role)) throw notAllowed();
    if (secondFactorOf(session) !== 'done' && !request.routeOptions.config.beforeSecondFactor) {
      throw new AppError('not_allowed', 'secondFactorRequired');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const session = request.admin;
    const token = cookies.token(request);
    if (session && token) cookies.set(request, reply, token, session);
  });

  return { sessions, cookies, secondFactor };
}
