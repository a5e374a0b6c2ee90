import { ApiException, type Payment } from '@monei-js/node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { AppError } from '../../../http/app-error.ts';
import { FAKE_MONEI_API_KEY, type FakeMonei, startFakeMonei } from '../../../testing/monei-fake.ts';
import type { StartPaymentInput } from '../gateway.ts';
import { moneiSettingsOf } from './monei.env.ts';
import { createMoneiGateway, IgnoredMoneiCallback, moneiNotice, moneiOrderId } from './monei.gateway.ts';
import { moneiPhone, multibancoVoucherOf } from './monei-fields.ts';

const input = (overrides: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: 7,
  orderId: '1600000042',
  storeId: 16,
  attempt: 1,
  method: 'monei',
  amountCents: 2076,
  currency: 'EUR',
  language: 'pt',
  email: 'ana@example.com',
  baseUrl: 'https://shop.example',
  fields: {},
  ...overrides,
});

const payment = (overrides: Partial<Payment>): Payment => ({
  id: 'af6029f80f5fc73a8ad2753eea0b1be0',
  amount: 2076,
  currency: 'EUR',
  accountId: 'acc',
  livemode: false,
  status: 'PENDING',
  ...overrides,
});

describe('Monei gateway (official SDK against a local fake of the API)', () => {
  let fake: FakeMonei;
  let gateway: ReturnType<typeof createMoneiGateway>;
  beforeAll(async () => {
    fake = await startFakeMonei();
    gateway = createMoneiGateway({ apiKey: FAKE_MONEI_API_KEY, apiUrl: fake.url, appPrefix: '/app' });
  });
  afterAll(() => fake?.close());

  const lastCreate = () => fake.requests.filter((r) => r.path === '/v1/payments').at(-1);

  it.each([
    ['monei', 'card', 'action'],
    ['cc', 'card', 'action'],
    ['bizum', 'bizum', 'action'],
    ['moneimultibanco', 'multibanco', 'pending'],
    ['mbway', 'mbway', 'pending'],
  ] as const)('creates a %s payment (%s on Monei’s hosted page)', async (method, moneiMethod, outcome) => {
    const started = await gateway.start(input({ method, attempt: 2 }));
    const ref = started.providerRef ?? '';
    expect(fake.payments.has(ref)).toBe(true);
    expect(started).toMatchObject({
      outcome,
      next: { type: 'redirect', url: `${fake.url.replace(/\/v1$/, '')}/hosted/${ref}` },
      data: { monei_payment: ref },
    });
    expect(lastCreate()).toEqual({
      method: 'POST',
      path: '/v1/payments',
      // The API key alone, as Monei's reference asks (no Bearer).
      authorization: FAKE_MONEI_API_KEY,
      body: {
        amount: 2076,
        currency: 'EUR',
        orderId: '160000004202',
        description: 'Encomenda 1600000042',
        customer: { email: 'ana@example.com' },
        callbackUrl: 'https://shop.example/payments/monei/notify',
        completeUrl: 'https://shop.example/app/checkout/success/1600000042',
        failUrl: 'https://shop.example/app/payment/retry/1600000042',
        cancelUrl: 'https://shop.example/app/payment/retry/1600000042',
        allowedPaymentMethods: [moneiMethod],
        sessionDetails: { lang: 'pt' },
        metadata: { order_id: '1600000042', payment_id: '7', attempt: '2', store_id: '16' },
      },
    });
  });

  it('makes each attempt its own Monei payment', async () => {
    const first = await gateway.start(input({ attempt: 1 }));
    const second = await gateway.start(input({ attempt: 2, paymentId: 8 }));
    expect(first.providerRef).not.toBe(second.providerRef);
    expect(moneiOrderId('1600000042', 1)).toBe('160000004201');
    expect(moneiOrderId('1600000042', 12)).toBe('160000004212');
  });

  it('sends the MB WAY phone in E.164 so the request reaches the customer’s app; never card fields', async () => {
    await gateway.start(input({ method: 'mbway', fields: { phone: '912 345 678' } }));
    expect(lastCreate()?.body.customer).toEqual({ email: 'ana@example.com', phone: '+351912345678' });
    await gateway.start(input({ method: 'mbway', fields: { phone: 'call me' } }));
    expect(lastCreate()?.body.customer).toEqual({ email: 'ana@example.com' });
    await gateway.start(
      input({ method: 'cc', fields: { num: '4444444444444406', month: '12', year: '34' } }),
    );
    expect(JSON.stringify(lastCreate())).not.toContain('4444444444444406');
  });

  it('normalises phones: national numbers get the country code, anything else is dropped', () => {
    expect(moneiPhone('912345678', 'mbway')).toBe('+351912345678');
    expect(moneiPhone('00351 912-345-678', 'mbway')).toBe('+351912345678');
    expect(moneiPhone('(+34) 600.000.000', 'bizum')).toBe('+34600000000');
    expect(moneiPhone('600000000', 'bizum')).toBe('+34600000000');
    expect(moneiPhone('12', 'mbway')).toBeUndefined();
    expect(moneiPhone('+0123456789', 'mbway')).toBeUndefined();
    expect(moneiPhone(undefined, 'mbway')).toBeUndefined();
  });

  it('refuses methods Monei does not take as a failed attempt, without calling Monei', async () => {
    const before = fake.requests.length;
    expect(await gateway.start(input({ method: 'paypal' }))).toMatchObject({
      outcome: 'failed',
      data: { error: 'method_not_supported' },
    });
    expect(fake.requests.length).toBe(before);
  });

  it('answers the Multibanco voucher itself when Monei’s answer carries its details', async () => {
    const expireAt = Math.floor(Date.UTC(2026, 11, 1, 23, 59) / 1000);
    fake.multibancoDetails = { entity: '12345', reference: '123 456 789', expireAt };
    try {
      const started = await gateway.start(input({ method: 'moneimultibanco' }));
      const voucher = {
        entity: '12345',
        reference: '123456789',
        amount: '20.76',
        expires_at: '2026-12-01T23:59:00.000Z',
      };
      expect(started).toMatchObject({
        outcome: 'action',
        next: { type: 'voucher', ...voucher },
        data: { voucher },
      });
    } finally {
      fake.multibancoDetails = undefined;
    }
    expect(multibancoVoucherOf(payment({ paymentMethod: { method: 'multibanco' } }))).toBeUndefined();
    const partial = { method: 'multibanco', multibanco: { entity: '12345', reference: '1234' } };
    expect(
      multibancoVoucherOf(payment({ paymentMethod: partial as Payment['paymentMethod'] })),
    ).toBeUndefined();
  });

  it('lets Monei’s errors through (the payments service records an unavailable gateway)', async () => {
    const broken = createMoneiGateway({ apiKey: 'pk_test_wrong', apiUrl: fake.url, appPrefix: '/app' });
    await expect(broken.start(input())).rejects.toBeInstanceOf(ApiException);
    await expect(gateway.start(input({ amountCents: 0 }))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('turns each payment status into one notice per state', () => {
    const id = 'af6029f80f5fc73a8ad2753eea0b1be0';
    expect(moneiNotice(payment({ status: 'PENDING' }))).toBeNull();
    expect(moneiNotice(payment({ status: 'AUTHORIZED' }))).toBeNull();
    expect(moneiNotice(payment({ status: 'SUCCEEDED' }))).toMatchObject({
      eventId: `monei:${id}:succeeded`,
      providerRef: id,
      outcome: 'paid',
      amountCents: 2076,
    });
    for (const status of ['FAILED', 'CANCELED', 'EXPIRED'] as const) {
      expect(moneiNotice(payment({ status }))).toMatchObject({
        eventId: `monei:${id}:${status.toLowerCase()}`,
        outcome: 'failed',
      });
    }
    expect(moneiNotice(payment({ status: 'REFUNDED', refundedAmount: 2076 }))).toMatchObject({
      eventId: `monei:${id}:refunded:2076`,
      outcome: 'refunded',
      amountCents: 2076,
    });
    // A partial refund: its amount is not the payment's, so applyNotice holds the order for review.
    expect(moneiNotice(payment({ status: 'PARTIALLY_REFUNDED', refundedAmount: 500 }))).toMatchObject({
      eventId: `monei:${id}:refunded:500`,
      outcome: 'refunded',
      amountCents: 500,
    });
  });

  it('verifies callbacks by their signature: valid, tampered, another key, none, stale state', async () => {
    const started = await gateway.start(input());
    const ref = started.providerRef ?? '';
    const verify = (body: string, headers: Record<string, string>) =>
      gateway.verifyNotice({ headers, rawBody: body, query: {} });

    const pending = fake.callback(ref);
    await expect(verify(pending.body, pending.headers)).rejects.toBeInstanceOf(IgnoredMoneiCallback);

    fake.customerPays(ref);
    const paid = fake.callback(ref);
    expect(await verify(paid.body, paid.headers)).toMatchObject({
      eventId: `monei:${ref}:succeeded`,
      providerRef: ref,
      outcome: 'paid',
      amountCents: 2076,
    });

    const forbidden = (err: unknown) => err instanceof AppError && err.status === 403;
    const tampered = paid.body.replace('"amount":2076', '"amount":1');
    expect(await verify(tampered, paid.headers).catch(forbidden)).toBe(true);
    const otherKey = fake.callback(ref, { apiKey: 'pk_test_someoneelse' });
    expect(await verify(otherKey.body, otherKey.headers).catch(forbidden)).toBe(true);
    expect(await verify(paid.body, { 'content-type': 'application/json' }).catch(forbidden)).toBe(true);
    const v0 = paid.headers['monei-signature']?.replace('v1=', 'v0=') ?? '';
    expect(await verify(paid.body, { 'monei-signature': v0 }).catch(forbidden)).toBe(true);
  });

  it('refunds through Monei with the amount and a reason; refuses what Monei did not take', async () => {
    const started = await gateway.start(input({ method: 'bizum' }));
    const ref = started.providerRef ?? '';
    await expect(gateway.refund({ providerRef: ref, amountCents: 2076, paymentId: 7 })).rejects.toMatchObject(
      {
        statusCode: 422,
      },
    );
    fake.customerPays(ref);
    const part = await gateway.refund({ providerRef: ref, amountCents: 500, paymentId: 7 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${ref}/refund`,
      body: { amount: 500, refundReason: 'requested_by_customer' },
    });
    const rest = await gateway.refund({ providerRef: ref, amountCents: 1576, paymentId: 7 });
    expect(part.providerRef).not.toBe(rest.providerRef);
    expect(fake.payments.get(ref)).toMatchObject({ status: 'REFUNDED', refundedAmount: 2076 });
    await expect(gateway.refund({ providerRef: ref, amountCents: 1, paymentId: 7 })).rejects.toBeDefined();
  });

  it('looks a payment up when no callback came', async () => {
    const started = await gateway.start(input({ method: 'mbway' }));
    const ref = started.providerRef ?? '';
    const args = { paymentId: 7, orderId: '1600000042', attempt: 1 };
    expect(await gateway.lookup({ ...args, providerRef: ref })).toBeNull();
    fake.expires(ref);
    expect(await gateway.lookup({ ...args, providerRef: ref })).toMatchObject({
      eventId: `monei:${ref}:expired`,
      outcome: 'failed',
    });
    expect(await gateway.lookup(args)).toBeNull();
  });
});

describe('Monei settings', () => {
  it('registers Monei with its key; a half configuration stops the start naming what is missing', () => {
    expect(moneiSettingsOf({}, '/app')).toBeUndefined();
    expect(moneiSettingsOf({ MONEI_API_KEY: 'pk_test_abc' }, '/app')).toEqual({
      apiKey: 'pk_test_abc',
      apiUrl: undefined,
      appPrefix: '/app',
    });
    expect(() => moneiSettingsOf({ MONEI_API_URL: 'http://127.0.0.1:1/v1' }, '/app')).toThrow(
      'MONEI_API_URL is set: MONEI_API_KEY is needed too',
    );
    // Through the server's env schema: a live key is read; a Stripe key or a malformed one stops the start.
    expect(moneiSettingsOf(loadEnv({ MONEI_API_KEY: 'pk_live_abc123' }), '/app')?.apiKey).toBe(
      'pk_live_abc123',
    );
    expect(moneiSettingsOf(loadEnv({}), '/app')).toBeUndefined();
    expect(() => loadEnv({ MONEI_API_KEY: 'sk_test_abc' })).toThrow(/MONEI_API_KEY/);
    expect(() => loadEnv({ MONEI_API_KEY: 'pk_test_abc', MONEI_API_URL: 'ftp://x' })).toThrow(
      /MONEI_API_URL/,
    );
  });
});
