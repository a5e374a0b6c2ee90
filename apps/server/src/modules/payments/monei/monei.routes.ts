import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../../http/app-error.ts';
import { applyNotice } from '../payment-notices.ts';
import { IgnoredMoneiCallback, MONEI_NOTIFY_PATH } from './monei.gateway.ts';

/**
 * POST /payments/monei/notify: Monei's callback (the payment's `callbackUrl`),
 * the Payment object as JSON, signed in MONEI-Signature. Outside the API
 * prefix (no session, no form key: the signature is the authentication); the
 * body is kept as the exact text Monei signed. 404 when Monei is not configured.
 */
export const moneiNotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    MONEI_NOTIFY_PATH,
    {
      schema: {
        body: z.string(),
        response: { 200: z.object({ received: z.boolean(), status: z.string() }) },
      },
    },
    async (request) => {
      const gateway = app.gateways.named('monei');
      if (!gateway) throw notFound();
      try {
        const notice = await gateway.verifyNotice({
          headers: request.headers,
          rawBody: request.body,
          query: {},
        });
        const result = await applyNotice(app.database.db, gateway.name, notice);
        return { received: true, status: result.status };
      } catch (err) {
        // A verified callback of a state the shop does not act on (pending): acknowledged, so Monei stops sending it.
        if (err instanceof IgnoredMoneiCallback) return { received: true, status: 'ignored' };
        throw err;
      }
    },
  );
};
