import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, paymentEvents, payments, stores } from '../../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp } from '../../../testing/app.ts';
import { certificateForm, postCart } from '../../../testing/cart.ts';
import { uniqueEmail } from '../../../testing/customers.ts';
import { testDatabaseKinds } from '../../../testing/db.ts';
import { placeOrder } from '../../../testing/gateway-orders.ts';
import {
  FAKE_MONEI_API_KEY,
  type FakeMonei,
  moneiEnv,
  moneiSignature,
  startFakeMonei,
} from '../../../testing/monei-fake.ts';
import type { PaymentMethod } from '../gateway.ts';

/**
 * Monei behind the real app (store 16 takes every Monei method through
 * PAYMENT_GATEWAYS): the payment created on the fake, the customer on Monei's
 * page (played by the fake), Monei's signed callback at /payments/monei/notify.
 */
describe.each(testDatabaseKinds())('Monei over HTTP (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeMonei;

  beforeAll(async () => {
    fake = await startFakeMonei();
    t = await buildTestApp(kind, moneiEnv(fake.url));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const orderStatus = async (orderId: string) =>
    (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.status;
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const eventsOf = async (orderId: string) =>
    t.database.db
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.orderId, orderId));
  const invoicesOf = async (orderId: string) =>
    t.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/monei/notify',
      headers: delivery.headers,
      payload: delivery.body,
    });
  const place = async (method: PaymentMethod, fields: Record<string, string> = {}) => {
    const placed = await placeOrder(t, { method, storeId: 16, language: 'pt', fields });
    const ref = (await paymentOf(placed.orderId))?.providerRef ?? '';
    return { ...placed, ref };
  };

  describe.each([
    ['monei', 'pending_payment'],
    ['bizum', 'pending_payment'],
    ['moneimultibanco', 'processing'],
    ['mbway', 'processing'],
  ] as const)('%s', (method, waiting) => {
    it('sends the customer to Monei’s page; the signed callback pays the order exactly once', async () => {
      const placed = await place(method);
      expect(placed.next).toEqual({
        type: 'redirect',
        url: expect.stringMatching(/\/hosted\/[0-9a-f]{32}$/),
      });
      expect(fake.created.get(placed.ref)).toMatchObject({
        amount: 2076,
        orderId: `${placed.orderId}01`,
        callbackUrl: 'http://localhost/payments/monei/notify',
        completeUrl: `http://localhost/app/checkout/success/${placed.orderId}`,
        failUrl: `http://localhost/app/payment/retry/${placed.orderId}`,
        sessionDetails: { lang: 'pt' },
      });
      expect(await orderStatus(placed.orderId)).toBe(waiting);

      fake.customerPays(placed.ref);
      const callback = fake.callback(placed.ref);
      // Tampered (the amount changed after Monei signed it): 403, nothing recorded.
      const tampered = await deliver({
        ...callback,
        body: callback.body.replace('"amount":2076', '"amount":1'),
      });
      expect(tampered.statusCode).toBe(403);
      expect(await eventsOf(placed.orderId)).toHaveLength(0);
      expect(await orderStatus(placed.orderId)).toBe(waiting);

      // Monei's retries arriving together: one applies, the others change nothing.
      const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(callback)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(answers.filter((a) => a.json().status === 'applied')).toHaveLength(1);
      expect(await orderStatus(placed.orderId)).toBe('complete_pending');
      expect((await paymentOf(placed.orderId))?.status).toBe('paid');
      expect(await invoicesOf(placed.orderId)).toHaveLength(1);

      // Replayed later: a duplicate.
      expect((await deliver(callback)).json()).toEqual({ received: true, status: 'duplicate' });
      expect(await eventsOf(placed.orderId)).toHaveLength(1);
      expect(await invoicesOf(placed.orderId)).toHaveLength(1);
    });

    it('refunds through Monei; the REFUNDED callback marks the payment refunded once', async () => {
      const placed = await place(method);
      fake.customerPays(placed.ref);
      expect((await deliver(fake.callback(placed.ref))).json().status).toBe('applied');
      const payment = await paymentOf(placed.orderId);
      const refund = await t.app.gateways.named('monei')?.refund({
        providerRef: placed.ref,
        amountCents: 2076,
        paymentId: payment?.id ?? 0,
      });
      expect(refund?.providerRef).toContain(placed.ref);
      expect(fake.payments.get(placed.ref)).toMatchObject({ status: 'REFUNDED', refundedAmount: 2076 });
      const refunded = fake.callback(placed.ref);
      const answers = await Promise.all([1, 2, 3].map(() => deliver(refunded)));
      expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
      expect((await paymentOf(placed.orderId))?.status).toBe('refunded');
      expect(await invoicesOf(placed.orderId)).toHaveLength(1);
    });
  });

  it('a declined card leaves the order payable; an expired MB WAY request gives it back', async () => {
    const card = await place('monei');
    fake.customerFails(card.ref);
    expect((await deliver(fake.callback(card.ref))).json().status).toBe('applied');
    expect((await paymentOf(card.orderId))?.status).toBe('failed');
    expect(await orderStatus(card.orderId)).toBe('pending_payment');

    const mbway = await place('mbway', { phone: '912345678' });
    expect(fake.payments.get(mbway.ref)?.customer).toEqual({
      email: 'buyer@example.com',
      phone: '+351912345678',
    });
    expect(await orderStatus(mbway.orderId)).toBe('processing');
    // While the customer has not answered in the app: acknowledged, nothing changes.
    expect((await deliver(fake.callback(mbway.ref))).json()).toEqual({ received: true, status: 'ignored' });
    fake.expires(mbway.ref);
    expect((await deliver(fake.callback(mbway.ref))).json().status).toBe('applied');
    expect(await orderStatus(mbway.orderId)).toBe('pending_payment');
    // A late success for the expired request is not a second state of the same event.
    expect((await deliver(fake.callback(mbway.ref))).json().status).toBe('duplicate');
  });

  it('holds a payment whose amount is not the order’s, and records a partial refund for review', async () => {
    const short = await place('monei');
    Object.assign(fake.payments.get(short.ref) ?? {}, { amount: 1000 });
    fake.customerPays(short.ref);
    expect((await deliver(fake.callback(short.ref))).json().status).toBe('applied');
    expect(await orderStatus(short.orderId)).toBe('payment_review');
    expect((await paymentOf(short.orderId))?.data).toMatchObject({ amount_mismatch: 1000 });

    const paid = await place('bizum');
    fake.customerPays(paid.ref);
    await deliver(fake.callback(paid.ref));
    await t.app.gateways.named('monei')?.refund({ providerRef: paid.ref, amountCents: 500, paymentId: 0 });
    expect((await deliver(fake.callback(paid.ref))).json().status).toBe('applied');
    const after = await paymentOf(paid.orderId);
    expect(after?.status).toBe('paid');
    expect(after?.data).toMatchObject({ amount_mismatch: 500 });
  });

  it('answers bad callbacks with 4xx: unsigned, another key, malformed, unknown payment, too large', async () => {
    const placed = await place('monei');
    fake.customerPays(placed.ref);
    const good = fake.callback(placed.ref);
    const status = async (delivery: { body: string; headers: Record<string, string> }) =>
      (await deliver(delivery)).statusCode;
    // Signed with our key, whatever the body (what only Monei could send).
    const signed = (body: string) => ({
      body,
      headers: {
        'content-type': 'application/json',
        'monei-signature': moneiSignature(FAKE_MONEI_API_KEY, body),
      },
    });
    expect(await status({ body: good.body, headers: { 'content-type': 'application/json' } })).toBe(403);
    expect(await status(fake.callback(placed.ref, { apiKey: 'pk_test_other' }))).toBe(403);
    expect(await status({ ...good, headers: { ...good.headers, 'monei-signature': 'garbage' } })).toBe(403);
    expect(await status({ ...good, body: '{"id":' })).toBe(403);
    expect(await status(signed('{"id":'))).toBe(400);
    expect(await status(signed('{"id":"x","status":"SUCCEEDED"}'))).toBe(400);
    expect(await status(signed('[1,2]'))).toBe(400);
    expect(await status(signed(good.body.replace(placed.ref, 'f'.repeat(32))))).toBe(404);
    expect(await status(signed(`{"id":"${'x'.repeat(300 * 1024)}"}`))).toBe(413);
    expect(await orderStatus(placed.orderId)).toBe('pending_payment');
    expect(await eventsOf(placed.orderId)).toHaveLength(0);
  });

  it('checkout by MB WAY on store 16: the phone goes to Monei, the order waits for the app', async () => {
    await t.database.db
      .update(stores)
      .set({ paymentMethods: sql`array_append(${stores.paymentMethods}, 'mbway')` })
      .where(eq(stores.id, 16));
    t.app.catalog.invalidate();
    const session = await newSession(t.app, { store_id: '16' });
    await postCart(t.app, session, 'addcertidao', { config: session.config, form: certificateForm() });
    const answer = await send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutRegister',
      payload: {
        config: session.config,
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: '+351 912 345 678' },
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { order_id: orderId, next } = answer.json();
    expect(next.type).toBe('redirect');
    const ref = (await paymentOf(orderId))?.providerRef ?? '';
    expect(fake.created.get(ref)).toMatchObject({
      allowedPaymentMethods: ['mbway'],
      customer: { phone: '+351912345678' },
      sessionDetails: { lang: 'pt' },
    });
    expect(await orderStatus(orderId)).toBe('processing');
    fake.customerPays(ref);
    expect((await deliver(fake.callback(ref))).json().status).toBe('applied');
    expect(await orderStatus(orderId)).toBe('complete_pending');
  });
});
