import { StripeProcessAnswerSchema, StripeProcessQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../../http/app-error.ts';
import { requestConfig } from '../../../http/request-config.ts';
import { visitorOf } from '../../session/session.plugin.ts';
import type { CheckoutNext } from '../gateway.ts';
import type { GatewayRegistry } from '../gateway-registry.ts';
import { latestOwnedPayment } from '../gateways.repository.ts';
import { applyNotice } from '../payment-notices.ts';
import { failedNext } from '../payment-outcome.ts';
import { signedNoticeRoutes } from '../signed-notice-route.ts';
import {
  IgnoredStripeEvent,
  STRIPE_WEBHOOK_PATH,
  type StripeCompletion,
  type StripeGateway,
} from './stripe.gateway.ts';

/** The Stripe adapter when STRIPE_SECRET_KEY registered it; 404 otherwise (the shop does not take Stripe). */
function stripeGateway(gateways: GatewayRegistry): StripeGateway {
  const gateway = gateways.named('stripe');
  if (!gateway) throw notFound();
  return gateway as StripeGateway;
}

/**
 * GET stripe/rest/process/?order_id= (spec 7): the browser is back from the
 * Payment Element (or from 3-D Secure). The order's intent is read from Stripe
 * (and confirmed here when the browser sends its confirmation token); a settled
 * outcome goes through applyNotice like the webhook's, under the same event id,
 * so whichever comes first pays the order and the other changes nothing.
 */
export const stripeRoutes: FastifyPluginAsyncZod<{ appPrefix: string }> = async (app, { appPrefix }) => {
  app.get(
    '/stripe/rest/process',
    { schema: { querystring: StripeProcessQuerySchema, response: { 200: StripeProcessAnswerSchema } } },
    async (request) => {
      const { session, store } = visitorOf(request);
      const { order_id: orderId, confirmation_token: confirmationToken } = request.query;
      const gateway = stripeGateway(app.gateways);
      const found = await latestOwnedPayment(app.database.db, {
        orderId,
        customerId: session.customerId,
        storeId: store.id,
        gateway: gateway.name,
      });
      if (!found?.payment.providerRef) throw notFound();
      const base = typeof found.payment.data.return_base === 'string' ? found.payment.data.return_base : '';
      const origin = base || (await app.knownOrigin(request));
      let completion: StripeCompletion;
      try {
        completion = await gateway.complete(found.payment.providerRef, {
          confirmationToken,
          returnUrl: `${origin}${appPrefix}/checkout/3ds?order_id=${orderId}`,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // Stripe unreachable: the payment may well have gone through; the webhook settles it.
        request.log.warn({ err, orderId }, 'stripe: the payment intent could not be read');
        completion = { next: { type: 'pending' } };
      }
      if (completion.notice) await applyNotice(app.database.db, gateway.name, completion.notice);
      const next: CheckoutNext =
        completion.next.type === 'failed' ? failedNext(store.language) : completion.next;
      return { ok: true, order_id: orderId, next, config: await requestConfig(request) };
    },
  );
};

/** POST /payments/stripe/webhook: Stripe's signed events (signed-notice-route.ts). */
export const stripeWebhookRoutes = signedNoticeRoutes({
  path: STRIPE_WEBHOOK_PATH,
  gateway: 'stripe',
  contentType: 'application/json',
  bodyLimit: 512 * 1024,
  ignored: (err) => err instanceof IgnoredStripeEvent,
});
