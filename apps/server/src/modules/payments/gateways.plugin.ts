import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { API_PREFIX } from '../../http/paths.ts';
import { loadSessionSecret } from '../session/session-secret.ts';
import type { PaymentGateway } from './gateway.ts';
import { createGatewayRegistry, type GatewayRegistry } from './gateway-registry.ts';
import { redsysSettingsOf, stripeSettingsOf } from './gateways.env.ts';
import { moneiSettingsOf } from './monei/monei.env.ts';
import { createMoneiGateway } from './monei/monei.gateway.ts';
import { moneiNotifyRoutes } from './monei/monei.routes.ts';
import { paypalSettingsOf } from './paypal/paypal.env.ts';
import { createPayPalGateway, portalNameOf } from './paypal/paypal.gateway.ts';
import { paypalCapturable, paypalRoutes, paypalWebhookRoutes } from './paypal/paypal.routes.ts';
import { createRedsysGateway } from './redsys/redsys.gateway.ts';
import { redsysNotifyRoutes, redsysRoutes } from './redsys/redsys.routes.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.gateway.ts';
import { createStripeGateway } from './stripe/stripe.gateway.ts';
import { stripeRoutes, stripeWebhookRoutes } from './stripe/stripe.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateways, built once at start from the environment (gateway-registry.ts). */
    gateways: GatewayRegistry;
    /** The sandbox gateway (its pages sign the notices they send); its routes exist only when it is on. */
    sandboxGateway: SandboxGateway;
  }
}

/** The sandbox gateway is on unless PAYMENT_SANDBOX says otherwise or, unset, NODE_ENV is production. */
export function sandboxEnabled(env: Pick<Env, 'PAYMENT_SANDBOX' | 'NODE_ENV'>): boolean {
  return env.PAYMENT_SANDBOX ?? env.NODE_ENV !== 'production';
}

/** The real adapters whose keys are set, in the order an implicit choice prefers them. */
export function configuredAdapters(env: Env, app: FastifyInstance): PaymentGateway[] {
  const adapters: PaymentGateway[] = [];
  const stripe = stripeSettingsOf(env);
  if (stripe) adapters.push(createStripeGateway(stripe));
  const redsys = redsysSettingsOf(env, env.APP_PREFIX);
  if (redsys) adapters.push(createRedsysGateway(redsys));
  const monei = moneiSettingsOf(env, env.APP_PREFIX);
  if (monei) adapters.push(createMoneiGateway(monei));
  const paypal = paypalSettingsOf(env, env.APP_PREFIX);
  if (paypal) {
    // Both read the app lazily, at payment time: the store's portal name, whether the order still takes a capture.
    const capturable = paypalCapturable(app.database.db);
    adapters.push(createPayPalGateway(paypal, { brandName: portalNameOf(app), capturable }));
  }
  return adapters;
}

export interface GatewaysPluginOptions {
  env: Env;
  /**
   * More gateways, added after the configured ones (tests: a slow fake, a
   * refusing one). PAYMENT_GATEWAYS may name them like any other.
   */
  gateways?: readonly PaymentGateway[];
}

/**
 * Builds the gateway registry ONCE from the environment (docs/payments.md
 * "Choosing gateways") and decorates the app with it: the sandbox (its notice
 * key derived from the server secret, so every instance verifies every other's
 * notices), the real adapters whose keys are set, and PAYMENT_GATEWAYS's
 * choices (naming a gateway that is not configured refuses to start).
 */
export const gatewaysPlugin = fp<GatewaysPluginOptions>(
  async (app, { env, gateways = [] }) => {
    const sandbox = createSandboxGateway(loadSessionSecret(env));
    app.decorate('sandboxGateway', sandbox);
    app.decorate(
      'gateways',
      createGatewayRegistry({
        sandbox,
        sandboxEnabled: sandboxEnabled(env),
        adapters: [...configuredAdapters(env, app), ...gateways],
        selection: env.PAYMENT_GATEWAYS,
      }),
    );
  },
  { name: 'gateways', dependencies: ['database', 'catalog'] },
);

/**
 * The real adapters' routes: they always exist (a shop without the adapter
 * answers them 404): the spec's `stripe/rest/process/` and
 * `redsys/rest/processBizum` under the API prefix, the providers' notices at
 * /payments/stripe/webhook and /payments/redsys/notify.
 */
export const paymentGatewayRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
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
