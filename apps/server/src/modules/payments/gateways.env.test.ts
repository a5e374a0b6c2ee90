import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createGatewayRegistry } from './gateway-registry.ts';
import { REDSYS_TEST_PAYMENT_URL, redsysSettingsOf, stripeSettingsOf } from './gateways.env.ts';
import { createSandboxGateway } from './sandbox.gateway.ts';

const assertSelectedGatewaysExist = (selection: string | undefined) =>
  createGatewayRegistry({
    sandbox: createSandboxGateway(Buffer.alloc(32)),
    sandboxEnabled: true,
    adapters: [],
    selection,
  });

describe('payment gateway settings', () => {
  it('registers no real adapter by default (every store on the sandbox)', () => {
    const env = loadEnv({});
    expect(stripeSettingsOf(env)).toBeUndefined();
    expect(redsysSettingsOf(env, '/app')).toBeUndefined();
    expect(env.REDSYS_URL).toBe(REDSYS_TEST_PAYMENT_URL);
  });

  it('reads whole configurations', () => {
    const env = loadEnv({
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_TERMINAL: '2',
      REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
    });
    expect(stripeSettingsOf(env)).toEqual({
      secretKey: 'sk_live_abc123',
      publishableKey: 'pk_live_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: undefined,
    });
    expect(redsysSettingsOf(env, '/app')).toMatchObject({
      merchantCode: '999008881',
      terminal: '2',
      paymentUrl: 'https://sis.redsys.es/sis/realizarPago',
      appPrefix: '/app',
    });
  });

  it('refuses to start with half a configuration or malformed keys', () => {
    expect(() => stripeSettingsOf(loadEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' }))).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() =>
      redsysSettingsOf(loadEnv({ REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' }), '/app'),
    ).toThrow(/REDSYS_MERCHANT_CODE/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadEnv({ REDSYS_SECRET_KEY: 'short' })).toThrow(/REDSYS_SECRET_KEY/);
    expect(() => loadEnv({ REDSYS_MERCHANT_CODE: '12' })).toThrow(/REDSYS_MERCHANT_CODE/);
  });

  it('refuses to start when PAYMENT_GATEWAYS names an adapter without its keys', () => {
    // No real adapter is configured: only the sandbox exists.
    expect(() => assertSelectedGatewaysExist('14:bizum=redsys')).toThrow(
      /PAYMENT_GATEWAYS sends 14:bizum to "redsys", which is not configured/,
    );
    expect(() => assertSelectedGatewaysExist('cc=sandbox')).not.toThrow();
    expect(() => assertSelectedGatewaysExist(undefined)).not.toThrow();
  });
});
