import {
  AuthenticateBodySchema,
  ClientRecordSchema,
  ClientUpdateBodySchema,
  EmailParamsSchema,
  LogoutBodySchema,
  RememberPasswordQuerySchema,
  ResetPasswordBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../http/app-error.ts';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import { visitorOf } from '../session/session.plugin.ts';

const CheckEmailAnswerSchema = z.extend(ConfigAnswerSchema, { exists: z.boolean() });
const ClientAnswerSchema = z.extend(ConfigAnswerSchema, { client: ClientRecordSchema });

/** The calls that reveal or try e-mail addresses get a tighter per-address limit than the API's. */
const TIGHT_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Customers (spec 7 "Authentication" and "Client"; mounted under the API
 * prefix): register's e-mail check, log in and out, password recovery, the
 * client record. Log in and log out answer a session with a new id (its cookie
 * and form key come with the answer's config).
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkEmail/email/:email',
    { config: TIGHT_LIMIT, schema: { params: EmailParamsSchema, response: { 200: CheckEmailAnswerSchema } } },
    async (request) => {
      const { store } = visitorOf(request);
      const exists = await app.customers.isRegistered(request.params.email);
      return {
        ok: true,
        exists,
        ...(exists ? { message: translate(store.language, 'customerApi.exists') } : {}),
        config: await requestConfig(request),
      };
    },
  );

  app.post(
    '/authenticate',
    { schema: { body: AuthenticateBodySchema, response: { 200: ConfigAnswerSchema } } },
    async (request, reply) => {
      const { email, pass } = request.body;
      try {
        request.session = await app.customers.authenticate(visitorOf(request), {
          email,
          pass,
          clientAddress: request.ip,
        });
      } catch (err) {
        if (err instanceof AppError && err.kind === 'throttled')
          reply.header('retry-after', String(app.customers.throttleSeconds));
        throw err;
      }
      return { ok: true, config: await requestConfig(request) };
    },
  );

  app.post(
    '/logout',
    { schema: { body: LogoutBodySchema, response: { 200: ConfigAnswerSchema } } },
    async (request) => {
      request.session = await app.customers.logout(visitorOf(request));
      return { ok: true, config: await requestConfig(request) };
    },
  );

  // Sends a mail, so it needs the form key like a POST (csrf.ts lists it) and derives no HEAD route.
  app.get(
    '/rememberPassword/email/:email',
    {
      exposeHeadRoute: false,
      config: TIGHT_LIMIT,
      schema: {
        params: EmailParamsSchema,
        querystring: RememberPasswordQuerySchema,
        response: { 200: ConfigAnswerSchema },
      },
    },
    async (request) => {
      const { store } = visitorOf(request);
      const config = await requestConfig(request);
      await app.customers.rememberPassword({
        store,
        email: request.params.email,
        path: request.query.path,
        baseUrl: config.base_url || store.homepage.replace(/\/+$/, ''),
      });
      // The same answer whether or not the address has an account.
      return { ok: true, message: translate(store.language, 'customerApi.resetSent'), config };
    },
  );

  app.post(
    '/resetPassword',
    { config: TIGHT_LIMIT, schema: { body: ResetPasswordBodySchema, response: { 200: ConfigAnswerSchema } } },
    async (request) => {
      const { store } = visitorOf(request);
      request.session = await app.customers.resetPassword(visitorOf(request), {
        token: request.body.token,
        pass: request.body.pass,
      });
      return {
        ok: true,
        message: translate(store.language, 'customerApi.passwordChanged'),
        config: await requestConfig(request),
      };
    },
  );

  app.get('/client', { schema: { response: { 200: ClientAnswerSchema } } }, async (request) => {
    const client = await app.customers.client(visitorOf(request));
    return { ok: true, client, config: await requestConfig(request) };
  });

  app.post(
    '/clientupdate',
    { schema: { body: ClientUpdateBodySchema, response: { 200: ClientAnswerSchema } } },
    async (request) => {
      const { session } = visitorOf(request);
      const client = await app.customers.updateClient(visitorOf(request), request.body.data);
      request.session = { ...session, customerPreferredPayment: client.payment.preferred_payment ?? '' };
      return { ok: true, client, config: await requestConfig(request) };
    },
  );
};
