import { z } from 'zod';
import type { RedsysSettings } from './redsys/redsys.gateway.ts';
import type { StripeSettings } from './stripe/stripe.gateway.ts';

/** Redsys's test environment (the default, so nothing real is charged until production sets REDSYS_URL). */
export const REDSYS_TEST_PAYMENT_URL = 'https://sis-t.redsys.es:25443/sis/realizarPago';
export const REDSYS_TEST_REST_URL = 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST';

const secret = (pattern: RegExp, what: string) => z.string().regex(pattern, what).optional();

/**
 * The real adapters' settings (docs/payments.md "Real adapters"). An adapter is
 * registered when its key is set; PAYMENT_GATEWAYS then chooses which stores
 * and methods use it. Unset, every store pays through the sandbox.
 */
export const GATEWAY_ENV = {
  STRIPE_SECRET_KEY: secret(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
    'a Stripe secret key (sk_test_… or sk_live_…)',
  ),
  STRIPE_PUBLISHABLE_KEY: secret(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe publishable key (pk_…)'),
  STRIPE_WEBHOOK_SECRET: secret(/^whsec_[A-Za-z0-9_]+$/, "the webhook endpoint's signing secret (whsec_…)"),
  /** Another Stripe API base: only for tests against a local fake. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  REDSYS_MERCHANT_CODE: secret(/^\d{9}$/, 'the 9-digit merchant code (FUC)'),
  REDSYS_TERMINAL: z
    .string()
    .regex(/^\d{1,3}$/, 'the terminal number')
    .default('1'),
  REDSYS_SECRET_KEY: secret(/^[A-Za-z0-9+/]{32}$/, "the terminal's SHA-256 key (32 Base64 characters)"),
  REDSYS_URL: z.url({ protocol: /^https?$/ }).default(REDSYS_TEST_PAYMENT_URL),
  REDSYS_REST_URL: z.url({ protocol: /^https?$/ }).default(REDSYS_TEST_REST_URL),
};

const GatewayEnvSchema = z.object(GATEWAY_ENV);
type GatewayEnv = z.output<typeof GatewayEnvSchema>;

/** Stripe's settings when STRIPE_SECRET_KEY is set; throws naming what is missing beside it. */
export function stripeSettingsOf(env: GatewayEnv): StripeSettings | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  if (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'STRIPE_SECRET_KEY is set: STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are needed too',
    );
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

/** Redsys's settings when REDSYS_SECRET_KEY is set; throws naming what is missing beside it. */
export function redsysSettingsOf(env: GatewayEnv, appPrefix: string): RedsysSettings | undefined {
  if (!env.REDSYS_SECRET_KEY) return undefined;
  if (!env.REDSYS_MERCHANT_CODE)
    throw new Error('REDSYS_SECRET_KEY is set: REDSYS_MERCHANT_CODE is needed too');
  return {
    merchantCode: env.REDSYS_MERCHANT_CODE,
    terminal: env.REDSYS_TERMINAL,
    secretKey: env.REDSYS_SECRET_KEY,
    paymentUrl: env.REDSYS_URL,
    restUrl: env.REDSYS_REST_URL,
    appPrefix,
  };
}
