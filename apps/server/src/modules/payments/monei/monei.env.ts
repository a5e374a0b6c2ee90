import { z } from 'zod';
import type { MoneiSettings } from './monei.gateway.ts';

/**
 * Monei's settings (docs/payments.md "Monei"), spread into the env schema like
 * GATEWAY_ENV. The adapter is registered when MONEI_API_KEY is set; the key
 * authenticates the API calls and signs Monei's callbacks. Test keys start
 * `pk_test_`, live keys `pk_live_` (Monei's API reference, "Authentication").
 */
export const MONEI_ENV = {
  MONEI_API_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'a Monei API key (pk_test_… or pk_live_…)')
    .optional(),
  /** Another Monei API base (the SDK's default is https://api.monei.com/v1): only for tests against a local fake. */
  MONEI_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};

const MoneiEnvSchema = z.object(MONEI_ENV);
type MoneiEnv = z.output<typeof MoneiEnvSchema>;

/** Monei's settings when MONEI_API_KEY is set; throws naming what is missing beside it. */
export function moneiSettingsOf(env: MoneiEnv, appPrefix: string): MoneiSettings | undefined {
  if (!env.MONEI_API_KEY) {
    if (env.MONEI_API_URL) throw new Error('MONEI_API_URL is set: MONEI_API_KEY is needed too');
    return undefined;
  }
  return { apiKey: env.MONEI_API_KEY, apiUrl: env.MONEI_API_URL, appPrefix };
}
