import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../http/app-error.ts';
import { applyNotice } from './payment-notices.ts';

export interface SignedNoticeRoute {
  /** Where the provider posts (`/payments/{gateway}/…`). */
  path: string;
  /** The gateway's name in the registry; the route answers 404 while it is not configured. */
  gateway: string;
  /** How the provider sends the body; it is kept as the exact text the provider signed. */
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  bodyLimit: number;
  /** A verified notice the shop does not act on: acknowledged, so the provider stops sending it. */
  ignored?: (err: unknown) => boolean;
}

/**
 * A provider's signed notice (webhook, callback) as one route: outside the API
 * prefix (no session, no form key: the signature is the authentication), the
 * raw body verified by the gateway (403 when it does not hold), then applied
 * once by applyNotice, however many times it arrives. Stripe, Redsys, Monei
 * and PayPal all post here the same way; each applied outcome is counted in
 * the metrics by gateway.
 */
export function signedNoticeRoutes(route: SignedNoticeRoute): FastifyPluginAsyncZod {
  return async (app) => {
    if (app.hasContentTypeParser(route.contentType)) app.removeContentTypeParser(route.contentType);
    app.addContentTypeParser(
      route.contentType,
      { parseAs: 'string', bodyLimit: route.bodyLimit },
      (_req, body, done) => done(null, body),
    );

    app.post(
      route.path,
      {
        schema: {
          body: z.string(),
          response: { 200: z.object({ received: z.boolean(), status: z.string() }) },
        },
      },
      async (request) => {
        const gateway = app.gateways.named(route.gateway);
        if (!gateway) throw notFound();
        try {
          const notice = await gateway.verifyNotice({
            headers: request.headers,
            rawBody: request.body,
            query: {},
          });
          const result = await applyNotice(app.database.db, gateway.name, notice);
          if (result.status === 'applied') app.metrics.paymentOutcome(gateway.name, notice.outcome);
          return { received: true, status: result.status };
        } catch (err) {
          if (route.ignored?.(err)) return { received: true, status: 'ignored' };
          throw err;
        }
      },
    );
  };
}
