import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, stores } from '../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { realGatewaysEnv } from '../../testing/real-gateways.ts';
import { REDSYS_TEST_KEY, REDSYS_TEST_MERCHANT, redsysNoticeBody } from '../../testing/redsys-fake.ts';
import { FAKE_STRIPE_PUBLISHABLE, type FakeStripe, startFakeStripe } from '../../testing/stripe-fake.ts';

const API = '/desktopapp/rest';

/**
 * The real adapters behind the real checkout (checkoutRegister/): a visitor
 * with a Nota Simple in the cart registers and pays on store 14 by Stripe
 * (Payment Element), by card through Redsys, and by Bizum through Redsys.
 */
describe.each(testDatabaseKinds())('checkout through the real gateways (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(kind, realGatewaysEnv(fake.url));
    // An operator offers Stripe's card form on store 14 (the store's payment methods setting).
    await t.database.db
      .update(stores)
      .set({ paymentMethods: sql`array_append(${stores.paymentMethods}, 'stripe')` })
      .where(eq(stores.id, 14));
    t.app.catalog.invalidate();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function register(
    form: Record<string, unknown>,
  ): Promise<{ session: TestSession; orderId: string; next: Record<string, unknown> }> {
    const session = await newSession(t.app);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const response = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutRegister`,
      payload: { config: session.config, form: { email: uniqueEmail(), accept_terms: true, ...form } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { session, orderId: body.order_id, next: body.next };
  }

  const statusOf = async (orderId: string) =>
    (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.status;
  const refOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]?.providerRef ?? '';

  it('Stripe: the Payment Element, then stripe/rest/process pays the order', async () => {
    const { session, orderId, next } = await register({ type: 'stripe' });
    expect(next).toMatchObject({ type: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE });
    const ref = await refOf(orderId);
    expect(fake.intents.get(ref)).toMatchObject({ amount: 2076, metadata: { order_id: orderId } });
    fake.browserConfirms(ref, 'approve');
    const done = await send(t.app, session, {
      method: 'GET',
      url: `${API}/stripe/rest/process/?order_id=${orderId}`,
    });
    expect(done.json()).toMatchObject({ ok: true, order_id: orderId, next: { type: 'success' } });
    expect(await statusOf(orderId)).toBe('complete_pending');
  });

  it('Redsys card: card fields typed into the shop are refused with a clear 400; Redsys’s page takes the card', async () => {
    const card = '4548812049400004';
    const session = await newSession(t.app);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const quoteId = session.config.cart.quote_id as number;
    const refused = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutRegister`,
      payload: {
        config: session.config,
        form: {
          email: uniqueEmail(),
          accept_terms: true,
          type: 'cc',
          num: card,
          month: '12',
          year: String(new Date().getFullYear() + 3),
          cvc: '987',
        },
      },
    });
    // Our own card form is the sandbox's only (issue 17 item 2): nothing is ordered, nothing kept.
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'form.num', message: expect.stringContaining('tarjeta') },
    ]);
    expect(refused.body).not.toContain(card);
    expect(await t.database.db.select().from(orders).where(eq(orders.quoteId, quoteId))).toEqual([]);
  });

  it('Redsys Bizum: the signed notice pays the order once', async () => {
    const { orderId, next } = await register({ type: 'bizum', phone: '600123123' });
    expect(next.type).toBe('redirect');
    const notice = redsysNoticeBody(REDSYS_TEST_KEY, {
      Ds_Amount: '2076',
      Ds_Currency: '978',
      Ds_Order: await refOf(orderId),
      Ds_MerchantCode: REDSYS_TEST_MERCHANT,
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_TransactionType: '0',
      Ds_AuthorisationCode: '333333',
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/payments/redsys/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: notice,
      });
    expect((await deliver()).json()).toEqual({ received: true, status: 'applied' });
    expect((await deliver()).json()).toEqual({ received: true, status: 'duplicate' });
    expect(await statusOf(orderId)).toBe('complete_pending');
  });
});
