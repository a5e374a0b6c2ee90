import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../env.ts';
import { API_PREFIX } from '../../http/paths.ts';
import { redsysSettingsOf, stripeSettingsOf } from './gateways.env.ts';
import { moneiSettingsOf } from './monei/monei.env.ts';
import { createMoneiGateway } from './monei/monei.gateway.ts';
import { moneiNotifyRoutes } from './monei/monei.routes.ts';
import { gatewayNamed, parseGatewaySelection, registerGateway } from './payments.service.ts';
import { paypalSettingsOf } from './paypal/paypal.env.ts';
import { createPayPalGateway, portalNameOf } from './paypal/paypal.gateway.ts';
import { paypalCapturable, paypalRoutes, paypalWebhookRoutes } from './paypal/paypal.routes.ts';
import { createRedsysGateway } from './redsys/redsys.gateway.ts';
import { redsysNotifyRoutes, redsysRoutes } from './redsys/redsys.routes.ts';
import { createStripeGateway } from './stripe/stripe.gateway.ts';
import { stripeRoutes, stripeWebhookRoutes } from './stripe/stripe.routes.ts';

/** Refuse to start rather than fail each checkout: PAYMENT_GATEWAYS may only name gateways that exist. */
export function assertSelectedGatewaysExist(raw: string | undefined): void {
  for (const [entry, name] of parseGatewaySelection(raw)) {
    if (!gatewayNamed(name)) {
      throw new Error(
        `PAYMENT_GATEWAYS sends ${entry} to "${name}", which is not configured (docs/payments.md)`,
      );
    }
  }
}

/**
 * The real adapters (docs/payments.md "Real adapters"): each is registered
 * with the payments service when its keys are set, and PAYMENT_GATEWAYS says
 * which stores and methods use it. Their routes always exist (a shop without
 * the adapter answers them 404): the spec's `stripe/rest/process/` and
 * `redsys/rest/processBizum` under the API prefix, the providers' notices at
 * /payments/stripe/webhook and /payments/redsys/notify.
 */
export const paymentGatewayRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const stripe = stripeSettingsOf(env);
  if (stripe) registerGateway(createStripeGateway(stripe));
  const redsys = redsysSettingsOf(env, env.APP_PREFIX);
  if (redsys) registerGateway(createRedsysGateway(redsys));
  const monei = moneiSettingsOf(env, env.APP_PREFIX);
  if (monei) registerGateway(createMoneiGateway(monei));
  const paypal = paypalSettingsOf(env, env.APP_PREFIX);
  if (paypal) {
    const capturable = paypalCapturable(app.database.db);
    registerGateway(createPayPalGateway(paypal, { brandName: portalNameOf(app), capturable }));
  }
  assertSelectedGatewaysExist(env.PAYMENT_GATEWAYS);

  await app.register(stripeWebhookRoutes);
  await app.register(redsysNotifyRoutes);
  await app.register(moneiNotifyRoutes);
  await app.register(paypalWebhookRoutes);
  await app.register(paypalRoutes, { appPrefix: env.APP_PREFIX });
  await app.register(
    async (api) => {
      await api.register(stripeRoutes, { appPrefix: env.APP_PREFIX });
      await api.register(redsysRoutes, { paymentUrl: env.REDSYS_URL });
    },
    { prefix: API_PREFIX },
  );
};
