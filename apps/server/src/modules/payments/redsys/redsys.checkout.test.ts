import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp } from '../../../testing/app.ts';
import { nsForm, postCart } from '../../../testing/cart.ts';
import { uniqueEmail } from '../../../testing/customers.ts';
import { testDatabaseKinds } from '../../../testing/db.ts';
import { realGatewaysEnv } from '../../../testing/real-gateways.ts';
import { type FakeStripe, startFakeStripe } from '../../../testing/stripe-fake.ts';
import { decodeMerchantParameters } from './redsys-signature.ts';

const API = '/desktopapp/rest';

/** Issue 17 item 2: with Redsys taking cards, the storefront's checkout carries no card fields. */
describe.each(testDatabaseKinds())('a card checkout through Redsys (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(kind, realGatewaysEnv(fake.url));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('answers the redirect to the signed form; the card is typed on Redsys’s page only', async () => {
    const session = await newSession(t.app);
    expect(session.config.payment_gateways?.cc).toBe('redsys');
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const answer = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutRegister`,
      payload: { config: session.config, form: { type: 'cc', email: uniqueEmail(), accept_terms: true } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { order_id: orderId, next } = answer.json();
    expect(next).toEqual({
      type: 'redirect',
      url: expect.stringContaining(`/redsys/rest/processBizum?order_id=${orderId}`),
    });

    // The page posts the signed form to Redsys's payment page: card payment, no card data in it.
    const page = await send(t.app, session, {
      method: 'GET',
      url: `${API}/redsys/rest/processBizum?order_id=${orderId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://sis-t.redsys.es:25443/sis/realizarPago');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const form = payment?.data.form as { Ds_MerchantParameters: string };
    const params = decodeMerchantParameters(form.Ds_MerchantParameters);
    expect(params).toMatchObject({
      DS_MERCHANT_PAYMETHODS: 'C',
      DS_MERCHANT_AMOUNT: '2076',
      DS_MERCHANT_MERCHANTDATA: orderId,
    });
    expect(Object.keys(params ?? {}).filter((key) => /PAN|EXPIRY|CVV/.test(key))).toEqual([]);
  });
});
