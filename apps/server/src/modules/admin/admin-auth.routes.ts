import {
  AdminLoginBodySchema,
  AdminOkSchema,
  AdminSessionAnswerSchema,
  CreateOperatorBodySchema,
  IdParamsSchema,
  OperatorAnswerSchema,
  OperatorListAnswerSchema,
  UpdateOperatorBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminCookies, actorOf, operatorOf } from './admin.plugin.ts';
import { type AdminSession, type AdminSessionService, sessionDeadlines } from './admin-session.service.ts';
import { createOperator, listOperators, updateOperator } from './operators.service.ts';
import { secondFactorOf } from './second-factor.service.ts';

export const ANY_OPERATOR = ['admin', 'agent'] as const;
export const ADMIN_ONLY = ['admin'] as const;

export function sessionAnswer(session: AdminSession) {
  const { idle, absolute } = sessionDeadlines(session);
  return {
    ok: true as const,
    operator: session.operator,
    csrf_token: session.csrfToken,
    idle_expires_at: idle.toISOString(),
    expires_at: absolute.toISOString(),
    second_factor: secondFactorOf(session),
  };
}

/** Log in / out, the current session, and the operators (admins only). */
export const adminAuthRoutes: FastifyPluginAsyncZod<{
  sessions: AdminSessionService;
  cookies: AdminCookies;
}> = async (app, { sessions, cookies }) => {
  app.post(
    '/login',
    {
      config: { admin: 'public' },
      schema: { body: AdminLoginBodySchema, response: { 200: AdminSessionAnswerSchema } },
    },
    async (request, reply) => {
      const { token, session } = await sessions.login({
        email: request.body.email,
        password: request.body.password,
        address: request.ip,
      });
      cookies.set(request, reply, token, session);
      return sessionAnswer(session);
    },
  );

  app.post(
    '/logout',
    {
      config: { admin: ANY_OPERATOR, beforeSecondFactor: true },
      schema: { response: { 200: AdminOkSchema } },
    },
    async (request, reply) => {
      await sessions.logout(operatorOf(request));
      request.admin = null;
      cookies.clear(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/session',
    {
      config: { admin: ANY_OPERATOR, beforeSecondFactor: true },
      schema: { response: { 200: AdminSessionAnswerSchema } },
    },
    async (request) => sessionAnswer(operatorOf(request)),
  );

  app.get(
    '/operators',
    { config: { admin: ADMIN_ONLY }, schema: { response: { 200: OperatorListAnswerSchema } } },
    async () => ({ ok: true as const, operators: await listOperators(app.db) }),
  );

  app.post(
    '/operators',
    {
      config: { admin: ADMIN_ONLY },
      schema: { body: CreateOperatorBodySchema, response: { 200: OperatorAnswerSchema } },
    },
    async (request) => ({
      ok: true as const,
      operator: await createOperator(app.db, actorOf(request), request.body),
    }),
  );

  app.patch(
    '/operators/:id',
    {
      config: { admin: ADMIN_ONLY },
      schema: {
        params: IdParamsSchema,
        body: UpdateOperatorBodySchema,
        response: { 200: OperatorAnswerSchema },
      },
    },
    async (request) => ({
      ok: true as const,
      operator: await updateOperator(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
