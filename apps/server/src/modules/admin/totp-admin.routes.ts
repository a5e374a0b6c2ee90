import {
  AdminSessionAnswerSchema,
  SecondFactorBodySchema,
  TotpConfirmAnswerSchema,
  TotpConfirmBodySchema,
  TotpSetupAnswerSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminCookies, operatorOf } from './admin.plugin.ts';
import { ANY_OPERATOR, sessionAnswer } from './admin-auth.routes.ts';
import type { SecondFactorService } from './second-factor.service.ts';

/**
 * Two-step sign-in (TOTP, RFC 6238): the code (or a recovery code) after the
 * password, and the enrolment (required for admins before anything else).
 */
export const totpAdminRoutes: FastifyPluginAsyncZod<{
  secondFactor: SecondFactorService;
  cookies: AdminCookies;
}> = async (app, { secondFactor, cookies }) => {
  const config = { admin: ANY_OPERATOR, beforeSecondFactor: true } as const;

  app.post(
    '/login/code',
    { config, schema: { body: SecondFactorBodySchema, response: { 200: AdminSessionAnswerSchema } } },
    async (request, reply) => {
      const session = operatorOf(request);
      await secondFactor.verify(session, request.body.code, request.ip);
      const token = cookies.token(request);
      if (token) cookies.set(request, reply, token, session);
      return sessionAnswer(session);
    },
  );

  app.post(
    '/totp/setup',
    { config, schema: { response: { 200: TotpSetupAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      ...(await secondFactor.setup(operatorOf(request))),
    }),
  );

  app.post(
    '/totp/confirm',
    { config, schema: { body: TotpConfirmBodySchema, response: { 200: TotpConfirmAnswerSchema } } },
    async (request) => ({
      ok: true as const,
      recovery_codes: await secondFactor.confirm(operatorOf(request), request.body.code, request.ip),
    }),
  );
};
