import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments, stores } from '../../../db/schema/index.ts';
import { buildTestApp, send, type TestApp } from '../../../testing/app.ts';
import { testDatabaseKinds } from '../../../testing/db.ts';
import { loggedInCustomer, placeOrder } from '../../../testing/gateway-orders.ts';
import {
  FAKE_PAYER_EMAIL,
  type FakePayPal,
  paypalEnv,
  startFakePayPal,
} from '../../../testing/paypal-fake.ts';
import { startPayment } from '../payment-start.ts';

describe.each(testDatabaseKinds())('PayPal over HTTP (%s)', (kind) => {
  let t: TestApp;
  let fake: FakePayPal;

  beforeAll(async () => {
    fake = await startFakePayPal();
    t = await buildTestApp(kind, paypalEnv(fake.url));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const paymentOf = async (orderId: string) => {
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    return rows.sort((a, b) => b.attempt - a.attempt)[0];
  };
  const statusOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const eventsOf = async (orderId: string) =>
    t.database.db
      .select({ id: paymentEvents.id, type: paymentEvents.type })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.orderId, orderId));
  const back = (kindOfBack: 'return' | 'cancel', orderId: string, token: string, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/payments/paypal/${kindOfBack}?order_id=${orderId}&token=${token}${extra}`,
    });
  const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/paypal/webhook',
      headers: { 'content-type': 'application/json', ...delivery.headers },
      payload: delivery.body,
    });
  /** A PayPal checkout whose customer approved on PayPal's page. */
  const approvedOrder = async (options: { decline?: boolean } = {}) => {
    const placed = await placeOrder(t, { method: 'paypal' });
    const token = (await paymentOf(placed.orderId))?.providerRef ?? '';
    fake.approve(token, options);
    return { ...placed, token };
  };

  it('sends the customer to PayPal’s approval page, from the checkout and from paypal/standard/redirect/', async () => {
    const placed = await placeOrder(t, { method: 'paypal' });
    const payment = await paymentOf(placed.orderId);
    expect(payment).toMatchObject({ gateway: 'paypal', status: 'pending', method: 'paypal' });
    const approval = `https://www.sandbox.paypal.com/checkoutnow?token=${payment?.providerRef}`;
    expect(placed.next).toEqual({ type: 'redirect', url: approval });
    const created = fake.orders.get(payment?.providerRef ?? '');
    expect(created?.purchase_units).toMatchObject([
      { custom_id: placed.orderId, amount: { currency_code: 'EUR', value: '20.76' } },
    ]);
    // The store's portal name on PayPal's page, and the way back to this server.
    const [store] = await t.database.db.select().from(stores).where(eq(stores.id, 14));
    expect(store?.portalName).toBeTruthy();
    expect(created?.payment_source).toMatchObject({
      paypal: {
        experience_context: {
          brand_name: store?.portalName,
          locale: 'es-ES',
          return_url: `http://localhost/payments/paypal/return?order_id=${placed.orderId}`,
          cancel_url: `http://localhost/payments/paypal/cancel?order_id=${placed.orderId}`,
        },
      },
    });

    const page = await send(t.app, placed.session, {
      method: 'GET',
      url: `/paypal/standard/redirect/?order_id=${placed.orderId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`content="0;url=${approval}"`);
    // The pending attempt's page: no second PayPal order.
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId)),
    ).toHaveLength(1);
  });

  it('captures on the customer’s return and pays the order once with the webhook of the same capture', async () => {
    const placed = await approvedOrder();
    const answer = await back('return', placed.orderId, placed.token, '&PayerID=QYR5Z8XDVJNXQ');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/app/checkout/success/${placed.orderId}`);
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
    expect((await paymentOf(placed.orderId))?.status).toBe('paid');

    // PayPal's webhook for that capture, delivered 10 times at once, and the customer reloading the return page.
    const capture = [...fake.captures.values()].at(-1) ?? {};
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.json().status === 'duplicate')).toBe(true);
    expect((await back('return', placed.orderId, placed.token)).headers.location).toBe(
      `/app/checkout/success/${placed.orderId}`,
    );
    expect(await eventsOf(placed.orderId)).toHaveLength(1);
    expect(fake.captures.size).toBeGreaterThan(0);
    expect([...fake.captures.values()].filter((c) => c.custom_id === placed.orderId)).toHaveLength(1);
  });

  it('pays exactly once when the return, the approval webhook and the capture webhook arrive together', async () => {
    const placed = await approvedOrder();
    const approved = fake.event('CHECKOUT.ORDER.APPROVED', fake.orders.get(placed.token) ?? {});
    const [returned, ...hooks] = await Promise.all([
      back('return', placed.orderId, placed.token),
      webhook(approved),
      webhook(approved),
    ]);
    expect(returned.headers.location).toBe(`/app/checkout/success/${placed.orderId}`);
    expect(hooks.map((h) => h.statusCode)).toEqual([200, 200]);
    const capture = [...fake.captures.values()].find((c) => c.custom_id === placed.orderId) ?? {};
    expect((await webhook(fake.event('PAYMENT.CAPTURE.COMPLETED', capture))).json().status).toBe('duplicate');
    expect(await eventsOf(placed.orderId)).toHaveLength(1);
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
    const invoices = await t.database.db.execute(
      sql`select count(*)::int as n from invoices where order_id = ${placed.orderId}`,
    );
    expect(Number((invoices as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(1);
  });

  it('pays from the approval webhook alone when the customer never comes back', async () => {
    const placed = await approvedOrder();
    const answer = await webhook(fake.event('CHECKOUT.ORDER.APPROVED', fake.orders.get(placed.token) ?? {}));
    expect(answer.json()).toEqual({ received: true, status: 'applied' });
    expect(await statusOf(placed.orderId)).toBe('complete_pending');

    // Another shop's order on the same PayPal account, approved: not ours to capture.
    const foreign = await t.app.gateways.named('paypal')?.start({
      paymentId: 0,
      orderId: '1499999998',
      storeId: 14,
      attempt: 1,
      method: 'paypal',
      amountCents: 999,
      currency: 'EUR',
      language: 'es',
      email: 'x@example.com',
      baseUrl: 'https://elsewhere.example',
      fields: {},
    });
    const foreignRef = foreign?.providerRef ?? '';
    fake.approve(foreignRef);
    const ignored = await webhook(fake.event('CHECKOUT.ORDER.APPROVED', fake.orders.get(foreignRef) ?? {}));
    expect(ignored.json()).toEqual({ received: true, status: 'ignored' });
    expect(fake.orders.get(foreignRef)?.status).toBe('APPROVED');
  });

  it('captures nothing for an order another attempt paid meanwhile (return or approval webhook)', async () => {
    const placed = await approvedOrder();
    // Paid by card (the sandbox) in another tab while PayPal's page was open.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    if (!order) throw new Error('no order');
    const card = { num: '4242424242424242', month: '12', year: '2031', cvc: '123' };
    const paid = await startPayment(t.database.db, t.app.gateways, {
      order,
      method: 'cc',
      fields: card,
      baseUrl: 'http://localhost',
      language: 'es',
    });
    expect(paid.next).toEqual({ type: 'success' });
    const hook = await webhook(fake.event('CHECKOUT.ORDER.APPROVED', fake.orders.get(placed.token) ?? {}));
    expect(hook.json()).toEqual({ received: true, status: 'ignored' });
    const answer = await back('return', placed.orderId, placed.token);
    expect(answer.headers.location).toBe(`/app/checkout/success/${placed.orderId}`);
    expect(fake.orders.get(placed.token)?.status).toBe('APPROVED');
    expect(fake.requests.some((r) => r.path === `/v2/checkout/orders/${placed.token}/capture`)).toBe(false);
  });

  it('sends a declined or cancelled customer to the retry page with the attempt failed', async () => {
    const declined = await approvedOrder({ decline: true });
    const answer = await back('return', declined.orderId, declined.token, '&PayerID=QYR5Z8XDVJNXQ');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/app/payment/retry/${declined.orderId}`);
    expect((await paymentOf(declined.orderId))?.status).toBe('failed');
    expect(await statusOf(declined.orderId)).toBe('pending_payment');

    const cancelled = await placeOrder(t, { method: 'paypal' });
    const token = (await paymentOf(cancelled.orderId))?.providerRef ?? '';
    const left = await back('cancel', cancelled.orderId, token);
    expect(left.headers.location).toBe(`/app/payment/retry/${cancelled.orderId}`);
    expect((await paymentOf(cancelled.orderId))?.status).toBe('failed');
    expect(fake.requests.some((r) => r.path === `/v2/checkout/orders/${token}/capture`)).toBe(false);

    // A new PayPal attempt from the retry page: a new PayPal order, paid on return.
    const retry = await send(t.app, cancelled.session, {
      method: 'GET',
      url: `/desktopapp/rest/otherMethodsPaypal/?order_id=${cancelled.orderId}`,
    });
    expect(retry.json()).toMatchObject({ ok: true, attempt: 2, next: { type: 'redirect' } });
    const second = (await paymentOf(cancelled.orderId))?.providerRef ?? '';
    expect(second).not.toBe(token);
    fake.approve(second);
    expect((await back('return', cancelled.orderId, second)).headers.location).toBe(
      `/app/checkout/success/${cancelled.orderId}`,
    );
    expect(await statusOf(cancelled.orderId)).toBe('complete_pending');
  });

  it('treats a cancel of an order the customer approved meanwhile as its payment', async () => {
    const placed = await approvedOrder();
    const answer = await back('cancel', placed.orderId, placed.token);
    expect(answer.headers.location).toBe(`/app/checkout/success/${placed.orderId}`);
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
  });

  it('refuses tampered and unsigned webhooks with 403; a replayed one changes nothing', async () => {
    const placed = await approvedOrder();
    await t.app.gateways.named('paypal')?.lookup?.({
      providerRef: placed.token,
      paymentId: 0,
      orderId: placed.orderId,
      attempt: 1,
    });
    const capture = [...fake.captures.values()].find((c) => c.custom_id === placed.orderId) ?? {};
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    const tampered = { ...delivery, body: delivery.body.replace('"20.76"', '"0.01"') };
    expect((await webhook(tampered)).statusCode).toBe(403);
    expect((await webhook({ body: delivery.body, headers: {} })).statusCode).toBe(403);
    expect((await webhook({ ...delivery, body: '{' })).statusCode).toBe(403);
    expect((await webhook({ ...delivery, body: 'x'.repeat(10_000) })).statusCode).toBe(403);
    expect(await statusOf(placed.orderId)).toBe('pending_payment');

    expect((await webhook(delivery)).json()).toEqual({ received: true, status: 'applied' });
    expect((await webhook(delivery)).json()).toEqual({ received: true, status: 'duplicate' });
    expect(await eventsOf(placed.orderId)).toHaveLength(1);
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
    const other = await webhook(fake.event('CUSTOMER.DISPUTE.CREATED', { id: 'PP-D-1' }));
    expect(other.json()).toEqual({ received: true, status: 'ignored' });
  });

  it('refunds through PayPal; the refund webhook marks a whole refund, a partial one is held for an operator', async () => {
    const whole = await approvedOrder();
    await back('return', whole.orderId, whole.token);
    const payment = await paymentOf(whole.orderId);
    const refund = await t.app.gateways.named('paypal')?.refund({
      providerRef: whole.token,
      amountCents: 2076,
      paymentId: payment?.id ?? 0,
    });
    expect(refund?.providerRef).toBe(fake.refunds.at(-1)?.id);
    const refunded = fake.event('PAYMENT.CAPTURE.REFUNDED', fake.refunds.at(-1) ?? {});
    const answers = await Promise.all([1, 2, 3].map(() => webhook(refunded)));
    expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await paymentOf(whole.orderId))?.status).toBe('refunded');

    const partial = await approvedOrder();
    await back('return', partial.orderId, partial.token);
    await t.app.gateways
      .named('paypal')
      ?.refund({ providerRef: partial.token, amountCents: 500, paymentId: 1 });
    expect(
      (await webhook(fake.event('PAYMENT.CAPTURE.REFUNDED', fake.refunds.at(-1) ?? {}))).statusCode,
    ).toBe(200);
    // As with Redsys: not marked refunded, the refunded amount recorded for an operator (applyNotice's
    // amount check; a paid order cannot move to payment_review in the domain's state machine).
    expect(await paymentOf(partial.orderId)).toMatchObject({
      status: 'paid',
      data: { amount_mismatch: 500 },
    });
    expect(await statusOf(partial.orderId)).toBe('complete_pending');
  });

  it('keeps the payer’s id, never their e-mail or name', async () => {
    const placed = await approvedOrder();
    await back('return', placed.orderId, placed.token);
    const dump = await t.database.db.execute(
      sql`select (select coalesce(json_agg(p)::text, '') from payments p) || (select coalesce(json_agg(e)::text, '') from payment_events e) as text`,
    );
    const text = String((dump as unknown as { rows: { text: string }[] }).rows[0]?.text);
    expect(text).toContain('QYR5Z8XDVJNXQ');
    expect(text).not.toContain(FAKE_PAYER_EMAIL);
    expect(text).not.toContain('Marta');
  });

  it('answers bad or foreign returns with 4xx, never touching PayPal', async () => {
    const placed = await placeOrder(t, { method: 'paypal' });
    const token = (await paymentOf(placed.orderId))?.providerRef ?? '';
    const other = await loggedInCustomer(t);
    const before = fake.requests.length;
    const statuses = await Promise.all(
      [
        `/payments/paypal/return?order_id=1499999999&token=${token}`,
        `/payments/paypal/return?order_id=${placed.orderId}&token=UNKNOWN0000000001`,
        `/payments/paypal/return?order_id=${placed.orderId}`,
        `/payments/paypal/return?order_id=x&token=${token}`,
        `/payments/paypal/return?order_id=${placed.orderId}&token=${'A'.repeat(5000)}`,
        `/payments/paypal/cancel?order_id=${placed.orderId}&token=%00`,
        `/payments/paypal/return?order_id=${placed.orderId}&token=${token}&PayerID=<script>`,
      ].map(
        async (url) =>
          (await t.app.inject({ method: 'GET', url, headers: { cookie: other.session.cookie } })).statusCode,
      ),
    );
    expect(statuses).toEqual([404, 404, 400, 400, 400, 400, 400]);
    expect(fake.requests.length).toBe(before);
    expect(
      (await t.app.inject({ method: 'POST', url: '/payments/paypal/webhook', payload: { a: 1 } })).statusCode,
    ).toBe(403);
  });
});
