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
import { SEPA_TEST_IBANS } from '../../../testing/stripe-fake-methods.ts';
import type { PaymentNotice, StartPaymentInput } from '../gateway.ts';
import { createStripeGateway, IgnoredStripeEvent, type StripeGateway } from './stripe.gateway.ts';

const input = (overrides: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: 9,
  orderId: '1600000042',
  storeId: 16,
  attempt: 1,
  method: 'bank',
  amountCents: 2076,
  currency: 'EUR',
  language: 'pt',
  email: 'rita@example.pt',
  baseUrl: 'https://shop.example',
  fields: {},
  ...overrides,
});

const RETURN_URL = 'https://shop.example/app/checkout/3ds';

describe('Stripe SEPA Direct Debit and Multibanco (official client against the local fake)', () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;
  const webhook = (type: string, object: Record<string, unknown>, eventId?: string) => {
    const { body, signature } = fake.event(type, object, eventId);
    return gateway.verifyNotice({ headers: { 'stripe-signature': signature }, rawBody: body, query: {} });
  };
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

  it('says which methods it takes', () => {
    expect([...gateway.methods].sort()).toEqual(['bank', 'cc', 'multibanco', 'stripe']);
  });

  it('bank: a sepa_debit PaymentIntent for the Payment Element, never an IBAN from our server', async () => {
    const started = await gateway.start(input({ fields: { iban: 'ES9121000418450200051332' } }));
    expect(started).toMatchObject({
      outcome: 'action',
      next: { type: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE },
      data: { kind: 'sepa_debit' },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: 'order-1600000042-attempt-1',
      body: { allowed_payment_method_types: ['sepa_debit'], amount: '2076', currency: 'eur' },
    });
    expect(JSON.stringify(fake.requests)).not.toContain('ES9121000418450200051332');
  });

  it('bank: processing after the browser confirms (mandate kept), paid on succeeded, failed on payment_failed', async () => {
    const started = await gateway.start(input({ orderId: '1600000043' }));
    const ref = started.providerRef ?? '';
    // Not confirmed yet: still the element.
    expect((await gateway.complete(ref, { returnUrl: RETURN_URL })).next.type).toBe('stripe');

    fake.browserConfirms(ref, 'approve', SEPA_TEST_IBANS.succeeds);
    const processing = await gateway.complete(ref, { returnUrl: RETURN_URL });
    expect(processing.next).toEqual({ type: 'pending' });
    expect(processing.notice).toMatchObject({
      eventId: `stripe:${ref}:processing`,
      providerRef: ref,
      outcome: 'pending',
      data: { mandate: { account: 'AT…3201' } },
    });
    const mandate = processing.notice?.data?.mandate as { reference: string; signed_at: string };
    expect(mandate.reference).toMatch(/^[0-9A-F]{16}$/);
    expect(Number.isNaN(Date.parse(mandate.signed_at))).toBe(false);
    // Never the whole IBAN.
    expect(JSON.stringify(processing.notice)).not.toContain(SEPA_TEST_IBANS.succeeds);

    // The webhook says the same (same event id: applied once) and brings the mandate too.
    const hook = await webhook('payment_intent.processing', fake.intents.get(ref) ?? {});
    expect(hook).toMatchObject({
      eventId: processing.notice?.eventId,
      outcome: 'pending',
      data: { mandate },
    });

    const paid = await webhook('payment_intent.succeeded', fake.collect(ref));
    expect(paid).toMatchObject({ eventId: `stripe:${ref}:succeeded`, outcome: 'paid', amountCents: 2076 });

    const refused = await gateway.start(input({ orderId: '1600000044' }));
    const refusedRef = refused.providerRef ?? '';
    fake.browserConfirms(refusedRef, 'approve', SEPA_TEST_IBANS.fails);
    expect((await gateway.complete(refusedRef, { returnUrl: RETURN_URL })).notice?.outcome).toBe('pending');
    const failed = await webhook('payment_intent.payment_failed', fake.collect(refusedRef));
    expect(failed).toMatchObject({ providerRef: refusedRef, outcome: 'failed' });
  });

  it('bank: a replayed delivery keeps its event id; a tampered one is refused (403)', async () => {
    const started = await gateway.start(input({ orderId: '1600000045' }));
    const intent = fake.browserConfirms(started.providerRef ?? '', 'approve');
    const { body, signature } = fake.event('payment_intent.processing', intent, 'evt_replayed');
    const read = (rawBody: string, header = signature) =>
      gateway.verifyNotice({ headers: { 'stripe-signature': header }, rawBody, query: {} });
    const first: PaymentNotice = await read(body);
    const again = await read(body);
    expect(again.eventId).toBe(first.eventId);
    for (const [rawBody, header] of [
      [body.replace('"processing"', '"succeeded"'), signature],
      [body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' })],
    ] as const) {
      const error = await read(rawBody, header).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });

  it('multibanco: confirmed at once with the e-mail, answers the voucher, paid on succeeded', async () => {
    const started = await gateway.start(input({ orderId: '1600000050', method: 'multibanco' }));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      body: {
        allowed_payment_method_types: ['multibanco'],
        confirm: 'true',
        payment_method_data: { type: 'multibanco', billing_details: { email: 'rita@example.pt' } },
      },
    });
    expect(started).toMatchObject({
      outcome: 'action',
      next: { type: 'voucher', entity: '11249', amount: '20.76' },
      data: { kind: 'multibanco', voucher: { entity: '11249', amount: '20.76' } },
    });
    const ref = started.providerRef ?? '';
    const next = started.next.type === 'voucher' ? started.next : null;
    expect(next?.reference).toMatch(/^\d{9}$/);
    expect(Date.parse(next?.expires_at ?? '') - Date.now()).toBeGreaterThan(6 * 86_400_000);
    // Coming back to the shop before paying: still the voucher, nothing to apply.
    const open = await gateway.complete(ref, { returnUrl: RETURN_URL });
    expect(open).toEqual({ next: started.next });

    const paid = await webhook('payment_intent.succeeded', fake.payVoucher(ref));
    expect(paid).toMatchObject({ outcome: 'paid', providerRef: ref, amountCents: 2076 });
    // Refunded like a card payment.
    const refund = await gateway.refund({ providerRef: ref, amountCents: 2076, paymentId: 9 });
    expect(refund.providerRef).toMatch(/^re_/);
  });

  it('multibanco: an attempt Stripe refuses is a failed attempt, not an error', async () => {
    const result = await gateway.start(input({ orderId: '1600000051', method: 'multibanco', email: '' }));
    expect(result).toMatchObject({ outcome: 'failed', data: { error: 'parameter_missing' } });
  });

  it('bank: refunded after the debit was collected; an event the shop does not act on is acknowledged', async () => {
    const started = await gateway.start(input({ orderId: '1600000060' }));
    const ref = started.providerRef ?? '';
    fake.browserConfirms(ref, 'approve');
    fake.collect(ref);
    await gateway.refund({ providerRef: ref, amountCents: 500, paymentId: 60 });
    expect(fake.refunds.filter((r) => r.payment_intent === ref)).toHaveLength(1);
    await expect(webhook('payment_intent.created', fake.intents.get(ref) ?? {})).rejects.toBeInstanceOf(
      IgnoredStripeEvent,
    );
  });

  it('looks an attempt up by its reference or, lost, by its order and attempt', async () => {
    const started = await gateway.start(input({ orderId: '1600000070', attempt: 3 }));
    const ref = started.providerRef ?? '';
    expect(await gateway.lookup?.({ paymentId: 9, orderId: '1600000070', attempt: 3 })).toBeNull();
    fake.browserConfirms(ref, 'approve');
    fake.collect(ref);
    expect(await gateway.lookup?.({ paymentId: 9, orderId: '1600000070', attempt: 3 })).toMatchObject({
      providerRef: ref,
      outcome: 'paid',
    });
    expect(
      await gateway.lookup?.({ providerRef: ref, paymentId: 9, orderId: '1600000070', attempt: 3 }),
    ).toMatchObject({ outcome: 'paid' });
    expect(await gateway.lookup?.({ paymentId: 9, orderId: '1600000070', attempt: 4 })).toBeNull();
  });
});
