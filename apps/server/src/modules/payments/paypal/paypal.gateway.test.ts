import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  FAKE_PAYER_EMAIL,
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_SECRET,
  FAKE_PAYPAL_WEBHOOK_ID,
  type FakePayPal,
  startFakePayPal,
} from '../../../testing/paypal-fake.ts';
import type { StartPaymentInput } from '../gateway.ts';
import { paypalSettingsOf } from './paypal.env.ts';
import { createPayPalGateway, type PayPalGateway } from './paypal.gateway.ts';
import { IgnoredPayPalEvent } from './paypal.webhook.ts';

const input = (overrides: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: 7,
  orderId: '1400000042',
  storeId: 14,
  attempt: 1,
  method: 'paypal',
  amountCents: 2076,
  currency: 'EUR',
  language: 'es',
  email: 'ana@example.com',
  baseUrl: 'https://shop.example',
  fields: {},
  ...overrides,
});

describe('PayPal gateway (official SDK against a local fake of the API)', () => {
  let fake: FakePayPal;
  let gateway: PayPalGateway;
  beforeAll(async () => {
    fake = await startFakePayPal();
    gateway = createPayPalGateway(
      {
        clientId: FAKE_PAYPAL_CLIENT_ID,
        clientSecret: FAKE_PAYPAL_SECRET,
        webhookId: FAKE_PAYPAL_WEBHOOK_ID,
        environment: 'sandbox',
        apiUrl: fake.url,
        appPrefix: '/app',
      },
      { brandName: async (storeId) => (storeId === 14 ? 'Nota Simple Registro' : undefined) },
    );
  });
  afterAll(() => fake?.close());

  const started = async (overrides: Partial<StartPaymentInput> = {}) => {
    const result = await gateway.start(input(overrides));
    return { result, ref: result.providerRef ?? '' };
  };
  const webhook = (type: string, resource: Record<string, unknown>, id?: string) => {
    const { body, headers } = fake.event(type, resource, id);
    return gateway.verifyNotice({ headers, rawBody: body, query: {} });
  };

  it('creates one Orders v2 order per order and attempt and sends the customer to its approval page', async () => {
    const { result, ref } = await started();
    expect(ref).toMatch(/^[A-Z0-9]{17}$/);
    expect(result).toEqual({
      outcome: 'action',
      providerRef: ref,
      next: { type: 'redirect', url: `https://www.sandbox.paypal.com/checkoutnow?token=${ref}` },
      data: { paypal_order: ref, status: 'PAYER_ACTION_REQUIRED' },
    });
    const create = fake.requests.find((r) => r.path === '/v2/checkout/orders');
    expect(create).toMatchObject({
      method: 'POST',
      requestId: 'order-1400000042-attempt-1',
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: '1400000042',
            custom_id: '1400000042',
            amount: { currency_code: 'EUR', value: '20.76' },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: 'Nota Simple Registro',
              locale: 'es-ES',
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: 'https://shop.example/payments/paypal/return?order_id=1400000042',
              cancel_url: 'https://shop.example/payments/paypal/cancel?order_id=1400000042',
            },
          },
        },
      },
    });
    // The same attempt again (a retried request): the same PayPal order; the next attempt: a new one.
    expect((await started()).ref).toBe(ref);
    expect((await started({ attempt: 2, paymentId: 8 })).ref).not.toBe(ref);
    expect(fake.orders.size).toBe(2);
  });

  it('speaks the store’s language on PayPal’s page and sends cents as euros', async () => {
    await started({ orderId: '1600000001', storeId: 16, language: 'pt', amountCents: 1205 });
    const body = fake.requests.at(-1)?.body as Record<string, never>;
    expect(JSON.stringify(body)).toContain('"locale":"pt-PT"');
    expect(JSON.stringify(body)).toContain('"value":"12.05"');
    expect(JSON.stringify(body)).not.toContain('brand_name');
    await started({ orderId: '1500000001', storeId: 15, language: 'en', amountCents: 7 });
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('"locale":"en-GB"');
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('"value":"0.07"');
  });

  it('refuses other methods as a failed attempt, without calling PayPal', async () => {
    const before = fake.requests.length;
    expect((await gateway.start(input({ method: 'cc' }))).outcome).toBe('failed');
    expect(fake.requests.length).toBe(before);
    expect(gateway.methods).toEqual(['paypal']);
  });

  it('captures an approved order once, with one key per PayPal order, keeping only ids and statuses', async () => {
    const { ref } = await started({ orderId: '1400000050' });
    expect(await gateway.capture(ref)).toEqual({ state: 'open' });
    fake.approve(ref);
    const paid = await gateway.capture(ref);
    const captureId = [...fake.captures.values()].at(-1)?.id;
    expect(paid).toEqual({
      state: 'paid',
      notice: {
        eventId: `capture:${captureId}:completed`,
        providerRef: ref,
        outcome: 'paid',
        amountCents: 2076,
        raw: {
          paypal_order: ref,
          order_status: 'COMPLETED',
          capture: captureId,
          capture_status: 'COMPLETED',
          reason: null,
          payer_id: 'QYR5Z8XDVJNXQ',
        },
      },
    });
    expect(JSON.stringify(paid)).not.toContain(FAKE_PAYER_EMAIL);
    const captures = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${ref}/capture`);
    expect(captures.map((r) => r.requestId)).toEqual([`capture-${ref}`, `capture-${ref}`]);
    // Captured again (the webhook's capture, the customer reloading): the same capture, the same event.
    expect((await gateway.capture(ref)).notice?.eventId).toBe(paid.notice?.eventId);
  });

  it('reports a declined funding source at capture as a failed attempt', async () => {
    const { ref } = await started({ orderId: '1400000051' });
    fake.approve(ref, { decline: true });
    expect(await gateway.capture(ref)).toMatchObject({
      state: 'failed',
      notice: { outcome: 'failed', providerRef: ref, eventId: `order:${ref}:declined:INSTRUMENT_DECLINED` },
    });
  });

  it('looks an attempt up: nothing while open, captures an approved one, reads a captured one', async () => {
    const { ref } = await started({ orderId: '1400000052' });
    const lookup = { providerRef: ref, paymentId: 52, orderId: '1400000052', attempt: 1 };
    expect(await gateway.lookup?.(lookup)).toBeNull();
    fake.approve(ref);
    const notice = await gateway.lookup?.(lookup);
    expect(notice).toMatchObject({ outcome: 'paid', providerRef: ref, amountCents: 2076 });
    expect(await gateway.lookup?.(lookup)).toEqual(notice);
    expect(await gateway.lookup?.({ ...lookup, providerRef: undefined })).toBeNull();

    // An approved order whose shop order was paid otherwise meanwhile: read, never captured.
    const guarded = createPayPalGateway(
      {
        clientId: FAKE_PAYPAL_CLIENT_ID,
        clientSecret: FAKE_PAYPAL_SECRET,
        webhookId: FAKE_PAYPAL_WEBHOOK_ID,
        environment: 'sandbox',
        apiUrl: fake.url,
        appPrefix: '/app',
      },
      { capturable: async () => false },
    );
    const other = await started({ orderId: '1400000053' });
    fake.approve(other.ref);
    expect(await guarded.lookup?.({ ...lookup, providerRef: other.ref })).toBeNull();
    expect(fake.orders.get(other.ref)?.status).toBe('APPROVED');
  });

  it('verifies webhooks through PayPal and reads captures, declines, approvals and refunds', async () => {
    const { ref } = await started({ orderId: '1400000060' });
    fake.approve(ref);
    const paid = await gateway.capture(ref);
    const capture = [...fake.captures.values()].at(-1) ?? {};
    const completed = await webhook('PAYMENT.CAPTURE.COMPLETED', capture);
    // The capture's event id, whichever way it is reported: counted once by applyNotice.
    expect(completed).toMatchObject({ eventId: paid.notice?.eventId, outcome: 'paid', amountCents: 2076 });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/notifications/verify-webhook-signature',
      body: { webhook_id: FAKE_PAYPAL_WEBHOOK_ID, auth_algo: 'SHA256withRSA' },
    });

    const denied = await webhook('PAYMENT.CAPTURE.DENIED', {
      ...capture,
      id: 'DENIED0000000001',
      status: 'DECLINED',
    });
    expect(denied).toMatchObject({
      outcome: 'failed',
      providerRef: ref,
      eventId: 'capture:DENIED0000000001:declined',
    });

    const second = await started({ orderId: '1400000061' });
    fake.approve(second.ref);
    const approved = await webhook('CHECKOUT.ORDER.APPROVED', fake.orders.get(second.ref) ?? {});
    expect(approved).toMatchObject({ outcome: 'paid', providerRef: second.ref });
    expect(fake.orders.get(second.ref)?.status).toBe('COMPLETED');

    // A partial refund reports what was refunded so far; the whole refund reports the whole amount.
    await gateway.refund({ providerRef: ref, amountCents: 1000, paymentId: 60 });
    const partial = fake.refunds.at(-1) ?? {};
    expect(await webhook('PAYMENT.CAPTURE.REFUNDED', partial)).toMatchObject({
      outcome: 'refunded',
      providerRef: ref,
      amountCents: 1000,
      eventId: `refund:${partial.id}`,
    });
    await gateway.refund({ providerRef: ref, amountCents: 1076, paymentId: 60 });
    expect(await webhook('PAYMENT.CAPTURE.REFUNDED', fake.refunds.at(-1) ?? {})).toMatchObject({
      outcome: 'refunded',
      amountCents: 2076,
    });

    await expect(webhook('BILLING.SUBSCRIPTION.CREATED', { id: 'I-1' })).rejects.toBeInstanceOf(
      IgnoredPayPalEvent,
    );
    await expect(webhook('CHECKOUT.ORDER.APPROVED', { id: 'NOTANORDER000001' })).rejects.toThrow();
  });

  it('answers 403 for a tampered body, a foreign signature, missing headers or another webhook id', async () => {
    const { body, headers } = fake.event('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPTURE000000001',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '20.76' },
      supplementary_data: { related_ids: { order_id: 'ORDER00000000001' } },
    });
    const other = await startFakePayPal({ webhookId: 'OTHERWEBHOOK01' });
    const foreign = other.event('PAYMENT.CAPTURE.COMPLETED', JSON.parse(body).resource);
    await other.close();
    const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
    const cases: [Record<string, string>, string][] = [
      [headers, body.replace('"20.76"', '"0.01"')],
      [{ ...headers, 'paypal-transmission-sig': foreign.headers['paypal-transmission-sig'] ?? '' }, body],
      [foreign.headers, foreign.body],
      [{ ...headers, 'paypal-cert-url': 'https://evil.example/cert.pem' }, body],
      [{ ...headers, 'paypal-transmission-id': 'another-transmission' }, body],
      [unsigned, body],
      [headers, '{'],
      [headers, '[]'],
      [{}, body],
    ];
    for (const [sent, rawBody] of cases) {
      const error = await gateway
        .verifyNotice({ headers: sent, rawBody, query: {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });

  it('refunds the order’s capture in euros, idempotently per payment and amount', async () => {
    const { ref } = await started({ orderId: '1400000080' });
    await expect(gateway.refund({ providerRef: ref, amountCents: 100, paymentId: 80 })).rejects.toThrow(
      /no completed capture/,
    );
    fake.approve(ref);
    await gateway.capture(ref);
    const captureId = String([...fake.captures.values()].at(-1)?.id);
    const refund = await gateway.refund({ providerRef: ref, amountCents: 2076, paymentId: 80 });
    expect(refund.providerRef).toMatch(/^[A-Z0-9]{17}$/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v2/payments/captures/${captureId}/refund`,
      requestId: 'refund-80-2076',
      body: { amount: { currency_code: 'EUR', value: '20.76' } },
    });
    expect((await gateway.refund({ providerRef: ref, amountCents: 2076, paymentId: 80 })).providerRef).toBe(
      refund.providerRef,
    );
    expect(fake.refunds.filter((r) => r.capture === captureId)).toHaveLength(1);
    await expect(gateway.refund({ providerRef: ref, amountCents: 500, paymentId: 81 })).rejects.toThrow();
  });
});

describe('PayPal settings', () => {
  const whole = {
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_SECRET,
    PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID,
  };

  it('registers no adapter unless configured, and defaults to the sandbox environment', () => {
    expect(paypalSettingsOf(loadEnv({}), '/app')).toBeUndefined();
    expect(paypalSettingsOf(loadEnv(whole), '/app')).toEqual({
      clientId: FAKE_PAYPAL_CLIENT_ID,
      clientSecret: FAKE_PAYPAL_SECRET,
      webhookId: FAKE_PAYPAL_WEBHOOK_ID,
      environment: 'sandbox',
      apiUrl: undefined,
      appPrefix: '/app',
    });
    expect(paypalSettingsOf(loadEnv({ ...whole, PAYPAL_ENVIRONMENT: 'live' }), '')?.environment).toBe('live');
  });

  it('refuses to start with half a configuration, naming what is missing, or with malformed values', () => {
    expect(() => paypalSettingsOf(loadEnv({ PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID }), '')).toThrow(
      'PayPal is half configured: PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are needed too',
    );
    expect(() => paypalSettingsOf(loadEnv({ ...whole, PAYPAL_WEBHOOK_ID: '' }), '')).toThrow(
      /PAYPAL_WEBHOOK_ID is needed too/,
    );
    expect(() => loadEnv({ ...whole, PAYPAL_ENVIRONMENT: 'production' })).toThrow(/PAYPAL_ENVIRONMENT/);
    expect(() => loadEnv({ ...whole, PAYPAL_CLIENT_SECRET: 'short' })).toThrow(/PAYPAL_CLIENT_SECRET/);
    // The fake's address override is for the loopback only.
    const remote = paypalSettingsOf(loadEnv({ ...whole, PAYPAL_API_URL: 'http://10.1.2.3:8080' }), '');
    expect(() => createPayPalGateway(remote as never)).toThrow(/local fake/);
  });
});
