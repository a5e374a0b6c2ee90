import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error.ts';
import {
  FAKE_STRIPE_PUBLISHABLE,
  FAKE_STRIPE_SECRET,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../../testing/stripe-fake.ts';
import type { StartPaymentInput } from '../gateway.ts';
import { createStripeGateway, IgnoredStripeEvent, type StripeGateway } from './stripe.gateway.ts';

const input = (overrides: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: 7,
  orderId: '1400000042',
  storeId: 14,
  attempt: 1,
  method: 'stripe',
  amountCents: 2076,
  currency: 'EUR',
  language: 'es',
  email: 'ana@example.com',
  baseUrl: 'https://shop.example',
  fields: {},
  ...overrides,
});

const RETURN_URL = 'https://shop.example/app/checkout/3ds';

describe('Stripe gateway (official client against a local fake of the API)', () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;
  beforeAll(async () => {
    fake = await startFakeStripe();
    gateway = createStripeGateway({
      secretKey: FAKE_STRIPE_SECRET,
      publishableKey: FAKE_STRIPE_PUBLISHABLE,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
  });
  afterAll(() => fake?.close());

  it('creates one PaymentIntent per order and attempt and answers the Payment Element', async () => {
    const first = await gateway.start(input());
    expect(first).toMatchObject({
      outcome: 'action',
      next: { type: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE },
    });
    const ref = first.providerRef ?? '';
    expect(ref).toMatch(/^pi_/);
    expect(first.next.type === 'stripe' && first.next.client_secret.startsWith(`${ref}_secret_`)).toBe(true);
    const create = fake.requests.at(-1);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'order-1400000042-attempt-1',
      body: {
        amount: '2076',
        currency: 'eur',
        allowed_payment_method_types: ['card'],
        metadata: { order_id: '1400000042', payment_id: '7', attempt: '1', store_id: '14' },
      },
    });
    // The same attempt again (a retried request): the same intent; the next attempt: a new one.
    expect((await gateway.start(input())).providerRef).toBe(ref);
    const second = await gateway.start(input({ attempt: 2, paymentId: 8 }));
    expect(second.providerRef).not.toBe(ref);
    expect(fake.intents.size).toBe(2);
  });

  it('never sends card fields to Stripe (the Element takes the card in the browser)', async () => {
    const before = fake.requests.length;
    await gateway.start(
      input({ orderId: '1400000043', method: 'cc', fields: { num: '4242424242424242', cvc: '123' } }),
    );
    const sent = JSON.stringify(fake.requests.slice(before));
    expect(sent).not.toContain('4242424242424242');
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain('cvc');
  });

  it('refuses methods other than card as a failed attempt, without calling Stripe', async () => {
    const before = fake.requests.length;
    expect((await gateway.start(input({ method: 'bizum' }))).outcome).toBe('failed');
    expect(fake.requests.length).toBe(before);
  });

  it('completes: succeeded after the browser confirmed, declined, 3-D Secure, still open', async () => {
    const open = await gateway.start(input({ orderId: '1400000050' }));
    const ref = open.providerRef ?? '';
    expect((await gateway.complete(ref, { returnUrl: RETURN_URL })).next.type).toBe('stripe');

    fake.browserConfirms(ref, 'decline');
    const declined = await gateway.complete(ref, { returnUrl: RETURN_URL });
    expect(declined).toMatchObject({
      next: { type: 'failed' },
      notice: { outcome: 'failed', providerRef: ref },
    });

    fake.browserConfirms(ref, 'approve');
    const paid = await gateway.complete(ref, { returnUrl: RETURN_URL });
    expect(paid).toMatchObject({
      next: { type: 'success' },
      notice: { eventId: `stripe:${ref}:succeeded`, outcome: 'paid', amountCents: 2076, providerRef: ref },
    });

    const challenged = await gateway.start(input({ orderId: '1400000051' }));
    fake.browserConfirms(challenged.providerRef ?? '', 'challenge');
    const action = await gateway.complete(challenged.providerRef ?? '', { returnUrl: RETURN_URL });
    expect(action.next.type).toBe('3ds');
    expect(action.notice).toBeUndefined();
  });

  it('confirms on the server with the browser’s confirmation token', async () => {
    const approved = await gateway.start(input({ orderId: '1400000060' }));
    const ref = approved.providerRef ?? '';
    const token = fake.confirmationToken('approve');
    const done = await gateway.complete(ref, { confirmationToken: token, returnUrl: RETURN_URL });
    expect(done.notice?.outcome).toBe('paid');
    expect(fake.requests.find((r) => r.path === `/v1/payment_intents/${ref}/confirm`)).toMatchObject({
      body: { confirmation_token: token, return_url: RETURN_URL },
      idempotencyKey: `confirm-${ref}-${token}`,
    });

    const declined = await gateway.start(input({ orderId: '1400000061' }));
    const result = await gateway.complete(declined.providerRef ?? '', {
      confirmationToken: fake.confirmationToken('decline'),
      returnUrl: RETURN_URL,
    });
    expect(result).toMatchObject({ next: { type: 'failed' }, notice: { outcome: 'failed' } });
  });

  it('verifies webhooks with the raw body and the signing secret', async () => {
    const started = await gateway.start(input({ orderId: '1400000070' }));
    const intent = fake.browserConfirms(started.providerRef ?? '', 'approve');
    const { body, signature } = fake.event('payment_intent.succeeded', intent);
    const notice = await gateway.verifyNotice({
      headers: { 'stripe-signature': signature },
      rawBody: body,
      query: {},
    });
    expect(notice).toMatchObject({
      eventId: `stripe:${intent.id}:succeeded`,
      providerRef: intent.id,
      outcome: 'paid',
      amountCents: 2076,
    });
    // The same payment reported by the browser's return has the same event id (counted once).
    expect((await gateway.complete(String(intent.id), { returnUrl: RETURN_URL })).notice?.eventId).toBe(
      notice.eventId,
    );

    const partial = fake.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent.id,
      amount: 2076,
      amount_refunded: 1000,
      refunded: false,
    });
    await expect(
      gateway.verifyNotice({
        headers: { 'stripe-signature': partial.signature },
        rawBody: partial.body,
        query: {},
      }),
    ).rejects.toBeInstanceOf(IgnoredStripeEvent);
    const refundEvent = fake.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent.id,
      amount: 2076,
      amount_refunded: 2076,
      refunded: true,
    });
    const refunded = await gateway.verifyNotice({
      headers: { 'stripe-signature': refundEvent.signature },
      rawBody: refundEvent.body,
      query: {},
    });
    expect(refunded).toMatchObject({ outcome: 'refunded', providerRef: intent.id, amountCents: 2076 });

    const other = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
    await expect(
      gateway.verifyNotice({
        headers: { 'stripe-signature': other.signature },
        rawBody: other.body,
        query: {},
      }),
    ).rejects.toBeInstanceOf(IgnoredStripeEvent);
  });

  it('refuses a tampered body, a foreign secret, an old timestamp or no signature (403)', async () => {
    const { body, signature } = fake.event('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
    });
    const foreign = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const cases: [string | undefined, string][] = [
      [signature, body.replace('"livemode":false', '"livemode":true')],
      [foreign, body],
      [old, body],
      [undefined, body],
      ['t=1,v1=zz', body],
      [signature, ''],
    ];
    for (const [header, rawBody] of cases) {
      const error = await gateway
        .verifyNotice({ headers: { 'stripe-signature': header }, rawBody, query: {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });

  it('refunds through the Refunds API, idempotently per payment and amount', async () => {
    const started = await gateway.start(input({ orderId: '1400000080' }));
    const ref = started.providerRef ?? '';
    fake.browserConfirms(ref, 'approve');
    const refund = await gateway.refund({ providerRef: ref, amountCents: 1000, paymentId: 80 });
    expect(refund.providerRef).toMatch(/^re_/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund-80-1000',
      body: { payment_intent: ref, amount: '1000', metadata: { payment_id: '80' } },
    });
    expect((await gateway.refund({ providerRef: ref, amountCents: 1000, paymentId: 80 })).providerRef).toBe(
      refund.providerRef,
    );
    expect(fake.refunds.filter((r) => r.payment_intent === ref)).toHaveLength(1);
    await expect(gateway.refund({ providerRef: ref, amountCents: 5000, paymentId: 80 })).rejects.toThrow();
  });
});
