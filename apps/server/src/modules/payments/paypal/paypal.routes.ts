import { isPaidOrderStatus, OrderIdSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppDb } from '../../../db/client.ts';
import { notFound } from '../../../http/app-error.ts';
import type { GatewayRegistry } from '../gateway-registry.ts';
import { applyNotice } from '../payment-notices.ts';
import { type OrderRow, paymentByRef } from '../payments.repository.ts';
import { signedNoticeRoutes } from '../signed-notice-route.ts';
import {
  PAYPAL_CANCEL_PATH,
  PAYPAL_RETURN_PATH,
  PAYPAL_WEBHOOK_PATH,
  type PayPalGateway,
} from './paypal.gateway.ts';
import { cancelledNotice, type PayPalCompletion } from './paypal.notices.ts';
import { IgnoredPayPalEvent } from './paypal.webhook.ts';

/** The PayPal adapter when PAYPAL_CLIENT_ID registered it; 404 otherwise (the shop does not take PayPal). */
function paypalGateway(gateways: GatewayRegistry): PayPalGateway {
  const gateway = gateways.named('paypal');
  if (!gateway) throw notFound();
  return gateway as PayPalGateway;
}

/** An order that takes no more payment: paid (by this attempt or another) or given up. */
const closed = (order: OrderRow) => isPaidOrderStatus(order.status) || order.status === 'canceled';

/** True when a PayPal order is one of our attempts and its order still takes a payment. */
export function paypalCapturable(db: AppDb): (paypalOrderId: string) => Promise<boolean> {
  return async (ref) => {
    const found = await paymentByRef(db, 'paypal', ref);
    return found !== undefined && !closed(found.order);
  };
}

/** What PayPal appends to our return and cancel URLs: its order id as `token`, and `PayerID` after approval. */
const BackQuerySchema = z.object({
  order_id: OrderIdSchema,
  token: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/)),
  PayerID: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/))),
});

/**
 * The customer's way back from PayPal's page, outside the API prefix (a
 * top-level navigation from PayPal; no session is needed: PayPal's order id in
 * `token` names the attempt). Return = approved: the order is captured and the
 * result applied through applyNotice under the capture's event id, so this and
 * the webhook of the same capture pay the order once. Cancel = the attempt
 * failed, unless PayPal says the customer approved it after all. Either way the
 * customer lands on the storefront: the success page when paid (or still being
 * settled), the retry page when declined or cancelled.
 */
export const paypalRoutes: FastifyPluginAsyncZod<{ appPrefix: string }> = async (app, { appPrefix }) => {
  const db = app.database.db;
  const back = async (query: z.infer<typeof BackQuerySchema>, cancelled: boolean) => {
    const gateway = paypalGateway(app.gateways);
    const found = await paymentByRef(db, gateway.name, query.token);
    // Another order's token, or none of ours: nothing to say about it.
    if (!found || found.order.id !== query.order_id) throw notFound();
    const orderId = found.order.id;
    const success = `${appPrefix}/checkout/success/${orderId}`;
    const retry = `${appPrefix}/payment/retry/${orderId}`;
    if (found.payment.status === 'paid' || found.payment.status === 'refunded') return success;
    // Paid meanwhile by another attempt (another tab, another method), or canceled: nothing is captured.
    if (closed(found.order)) return isPaidOrderStatus(found.order.status) ? success : retry;
    let completion: PayPalCompletion;
    try {
      // Cancel: read first (the customer may have approved in another tab); return: capture at once.
      completion = cancelled ? await gateway.read(query.token) : await gateway.capture(query.token);
      if (completion.state === 'approved') completion = await gateway.capture(query.token);
    } catch (err) {
      // PayPal unreachable: the capture may have happened; the webhook (or a lookup) settles it.
      app.log.warn({ err, orderId }, 'paypal: the order could not be read or captured');
      completion = { state: cancelled ? 'open' : 'pending' };
    }
    const settled =
      completion.notice ?? (cancelled && completion.state === 'open' ? cancelledNotice(query.token) : null);
    if (settled) await applyNotice(db, gateway.name, settled);
    return completion.state === 'paid' || completion.state === 'pending' ? success : retry;
  };

  for (const [path, cancelled] of [
    [PAYPAL_RETURN_PATH, false],
    [PAYPAL_CANCEL_PATH, true],
  ] as const) {
    app.get(
      path,
      { exposeHeadRoute: false, schema: { querystring: BackQuerySchema } },
      async (request, reply) => {
        const target = await back(request.query, cancelled);
        return reply
          .header('Cache-Control', 'no-store')
          .header('Referrer-Policy', 'no-referrer')
          .redirect(target, 303);
      },
    );
  }
};

/**
 * POST /payments/paypal/webhook: PayPal's webhook deliveries, checked by PayPal's
 * verify-webhook-signature (signed-notice-route.ts).
 */
export const paypalWebhookRoutes = signedNoticeRoutes({
  path: PAYPAL_WEBHOOK_PATH,
  gateway: 'paypal',
  contentType: 'application/json',
  bodyLimit: 512 * 1024,
  ignored: (err) => err instanceof IgnoredPayPalEvent,
});
