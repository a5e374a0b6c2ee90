import { z } from 'zod';

/** PayPal's REST hosts (developer.paypal.com "REST API requests": sandbox and live). */
export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * PayPal's settings (docs/payments.md "PayPal"), spread into the env schema
 * like GATEWAY_ENV. The adapter exists once PAYPAL_CLIENT_ID is set.
 */
export const PAYPAL_ENV = {
  /** The REST app's client id (developer dashboard, Apps & Credentials). */
  PAYPAL_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "the REST app's client id")
    .optional(),
  PAYPAL_CLIENT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "the REST app's secret")
    .optional(),
  /** The id PayPal gave the webhook at /payments/paypal/webhook (verify-webhook-signature checks against it). */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,50}$/, "the webhook's id (developer dashboard, the app's webhooks)")
    .optional(),
  /** sandbox (the default: nothing real is charged) or live. */
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Another API base: only for tests against a local fake (plain HTTP on the loopback). */
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};

const PayPalEnvSchema = z.object(PAYPAL_ENV);
type PayPalEnv = z.output<typeof PayPalEnvSchema>;

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** Tests: the local fake that answers for PayPal's API host. */
  apiUrl?: string;
  /** The storefront's prefix (APP_PREFIX), for the pages the customer comes back to. */
  appPrefix: string;
}

/** PayPal's settings when PAYPAL_CLIENT_ID is set; throws naming what is missing beside it. */
export function paypalSettingsOf(env: PayPalEnv, appPrefix: string): PayPalSettings | undefined {
  const given = [env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID];
  if (given.every((value) => !value)) return undefined;
  const missing = [
    !env.PAYPAL_CLIENT_ID && 'PAYPAL_CLIENT_ID',
    !env.PAYPAL_CLIENT_SECRET && 'PAYPAL_CLIENT_SECRET',
    !env.PAYPAL_WEBHOOK_ID && 'PAYPAL_WEBHOOK_ID',
  ].filter((name): name is string => Boolean(name));
  if (missing.length > 0 || !env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) {
    throw new Error(
      `PayPal is half configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} needed too`,
    );
  }
  return {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    webhookId: env.PAYPAL_WEBHOOK_ID,
    environment: env.PAYPAL_ENVIRONMENT,
    apiUrl: env.PAYPAL_API_URL,
    appPrefix,
  };
}
