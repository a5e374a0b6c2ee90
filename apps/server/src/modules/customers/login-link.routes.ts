import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { LoginLinkBodySchema, LoginWithLinkBodySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env.ts';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { rateLimitStore } from '../../http/rate-limit-store.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { LOGIN_LINK_MAILS_PER_MINUTE, logInWithLink, mailLoginLink } from './login-link.service.ts';

/** The per-client limit of the calls that try e-mail addresses or tokens (as customers.routes.ts). */
const TIGHT_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The counter key of an address's log-in link mails (hashed: the counters may live in a shared Redis). */
const mailKeyOf = (email: string) =>
  `login-link:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/**
 * Log-in links (ADR 031; mounted under the API prefix): POST loginLink mails a
 * single-use link to customer/login/{token}, POST loginWithLink logs in with
 * it. The mails one address triggers are counted by @fastify/rate-limit's
 * store (Redis when REDIS_URL is set, else in the process), also when the
 * API's own rate limit is off.
 */
export const loginLinkRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  if (!app.hasDecorator('createRateLimit')) {
    await app.register(rateLimit, { global: false, ...(await rateLimitStore(app, env)) });
  }
  const mailLimit = app.createRateLimit({
    max: LOGIN_LINK_MAILS_PER_MINUTE,
    timeWindow: 60_000,
    allowList: () => false,
    keyGenerator: (request) => mailKeyOf((request.body as { email: string }).email),
  });

  app.post(
    '/loginLink',
    { config: TIGHT_LIMIT, schema: { body: LoginLinkBodySchema, response: { 200: ConfigAnswerSchema } } },
    async (request) => {
      const { store } = visitorOf(request);
      const config = await requestConfig(request);
      // createRateLimit counts this request; `isAllowed` only means "on the allow list".
      const limit = await mailLimit(request);
      if (limit.isAllowed || !limit.isExceeded) {
        await mailLoginLink(app, env, {
          store,
          email: request.body.email,
          path: request.body.path,
          baseUrl: config.base_url || store.homepage.replace(/\/+$/, ''),
        });
      } else {
        request.log.info({ key: limit.key }, 'login link mail limit reached; nothing sent');
      }
      // The same answer whether or not the address has an account, and whether or not a mail went.
      return { ok: true, message: translate(store.language, 'customerApi.loginLinkSent'), config };
    },
  );

  app.post(
    '/loginWithLink',
    { config: TIGHT_LIMIT, schema: { body: LoginWithLinkBodySchema, response: { 200: ConfigAnswerSchema } } },
    async (request) => {
      request.session = await logInWithLink(app, visitorOf(request), request.body.token);
      return { ok: true, config: await requestConfig(request) };
    },
  );
};
