import { REDSYS_TEST_KEY, REDSYS_TEST_MERCHANT } from './redsys-fake.ts';
import { FAKE_STRIPE_PUBLISHABLE, FAKE_STRIPE_SECRET, FAKE_STRIPE_WEBHOOK_SECRET } from './stripe-fake.ts';

/**
 * The environment of an app whose store 14 pays through the real adapters:
 * Stripe (against the local fake at `stripeUrl`) and Redsys for card and
 * Bizum (with Redsys's published test merchant and key).
 */
export function realGatewaysEnv(
  stripeUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripeUrl,
    REDSYS_MERCHANT_CODE: REDSYS_TEST_MERCHANT,
    REDSYS_SECRET_KEY: REDSYS_TEST_KEY,
    PAYMENT_GATEWAYS: '14:stripe=stripe,14:cc=redsys,14:bizum=redsys',
    ...extra,
  };
}
