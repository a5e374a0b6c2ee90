import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp } from '../../../testing/app.ts';
import { nsForm, postCart } from '../../../testing/cart.ts';
import { uniqueEmail } from '../../../testing/customers.ts';
import { testDatabaseKinds } from '../../../testing/db.ts';
import { placeOrder } from '../../../testing/gateway-orders.ts';
import { realGatewaysEnv } from '../../../testing/real-gateways.ts';
import { type FakeStripe, startFakeStripe } from '../../../testing/stripe-fake.ts';
import { SEPA_TEST_IBANS } from '../../../testing/stripe-fake-methods.ts';

describe.each(testDatabaseKinds())('Stripe SEPA and Multibanco through the shop (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(
      kind,
      realGatewaysEnv(fake.url, {
        PAYMENT_GATEWAYS: '14:cc=stripe,14:bank=stripe,16:cc=stripe,16:multibanco=stripe',
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const paymentOf = async (orderId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!row) throw new Error(`no payment for ${orderId}`);
    return row;
  };
  const statusOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const webhook = (type: string, object: Record<string, unknown>) => {
    const { body, signature } = fake.event(type, object);
    return t.app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  };

  /** A new customer's checkout of a Nota Simple on store 14 (checkoutRegister/), as the storefront sends it. */
  async function register(form: Record<string, unknown>) {
    const session = await newSession(t.app);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    return send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutRegister',
      payload: { config: session.config, form: { email: uniqueEmail(), accept_terms: true, ...form } },
    });
  }

  it('checkout without card fields or IBAN: Stripe’s element takes them (card, SEPA)', async () => {
    for (const [form, kind] of [
      [{ type: 'cc' }, 'card'],
      [{ type: 'bank' }, 'sepa_debit'],
    ] as const) {
      const answer = await register(form);
      expect(answer.statusCode, answer.body).toBe(200);
      const { order_id: orderId, next } = answer.json();
      expect(next).toMatchObject({ type: 'stripe' });
      const payment = await paymentOf(orderId);
      expect(fake.intents.get(payment.providerRef ?? '')).toMatchObject({ payment_method_types: [kind] });
    }
    // An IBAN given is checked as before (a wrong one is a 400 on the field).
    const wrong = await register({ type: 'bank', iban: 'ES0012' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'form.iban', message: expect.any(String) }]);
  });

  it('direct debit: the element, then processing with the mandate kept, then paid when collected', async () => {
    const placed = await placeOrder(t, { method: 'bank' });
    expect(placed.next.type).toBe('stripe');
    const ref = (await paymentOf(placed.orderId)).providerRef ?? '';
    fake.browserConfirms(ref, 'approve', SEPA_TEST_IBANS.succeeds);

    // The browser back from Stripe: the debit is on its way, the order waits for it.
    const back = await send(t.app, placed.session, {
      method: 'GET',
      url: `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}`,
    });
    expect(back.json()).toMatchObject({ ok: true, next: { type: 'pending' } });
    expect(await statusOf(placed.orderId)).toBe('processing');
    const waiting = await paymentOf(placed.orderId);
    expect(waiting.status).toBe('pending');
    expect(waiting.data.mandate).toMatchObject({ account: 'AT…3201' });
    expect(JSON.stringify(waiting.data)).not.toContain(SEPA_TEST_IBANS.succeeds);

    // payment_intent.processing after it: the same event, counted once.
    const processing = await webhook('payment_intent.processing', fake.intents.get(ref) ?? {});
    expect(processing.json()).toEqual({ received: true, status: 'duplicate' });

    const paid = await webhook('payment_intent.succeeded', fake.collect(ref));
    expect(paid.json()).toEqual({ received: true, status: 'applied' });
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
    expect((await paymentOf(placed.orderId)).data.mandate).toEqual(waiting.data.mandate);
  });

  it('direct debit from the webhook alone; a refused debit makes the order payable again', async () => {
    const placed = await placeOrder(t, { method: 'bank' });
    const ref = (await paymentOf(placed.orderId)).providerRef ?? '';
    const intent = fake.browserConfirms(ref, 'approve', SEPA_TEST_IBANS.fails);
    expect((await webhook('payment_intent.processing', intent)).json().status).toBe('applied');
    expect(await statusOf(placed.orderId)).toBe('processing');
    expect((await paymentOf(placed.orderId)).data.mandate).toMatchObject({ account: 'AT…3202' });

    expect((await webhook('payment_intent.payment_failed', fake.collect(ref))).json().status).toBe('applied');
    expect(await statusOf(placed.orderId)).toBe('pending_payment');
    expect((await paymentOf(placed.orderId)).status).toBe('failed');
  });

  it('Multibanco on store 16: the voucher at once (kept with the payment), paid by the webhook', async () => {
    const placed = await placeOrder(t, { method: 'multibanco', storeId: 16, language: 'pt' });
    expect(placed.next).toMatchObject({ type: 'voucher', entity: '11249', amount: '20.76' });
    const payment = await paymentOf(placed.orderId);
    expect(payment.data.voucher).toMatchObject({ entity: '11249', amount: '20.76' });
    expect(await statusOf(placed.orderId)).toBe('processing');

    const paid = await webhook('payment_intent.succeeded', fake.payVoucher(payment.providerRef ?? ''));
    expect(paid.json()).toEqual({ received: true, status: 'applied' });
    expect(await statusOf(placed.orderId)).toBe('complete_pending');
  });
});
