import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { buildTestApp, send, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { loggedInCustomer, placeOrder } from '../../testing/gateway-orders.ts';
import { realGatewaysEnv } from '../../testing/real-gateways.ts';
import { REDSYS_TEST_KEY, REDSYS_TEST_MERCHANT, redsysNoticeBody } from '../../testing/redsys-fake.ts';
import { FAKE_STRIPE_PUBLISHABLE, type FakeStripe, startFakeStripe } from '../../testing/stripe-fake.ts';

const REDSYS_PAGE = 'https://sis-t.redsys.es:25443/sis/realizarPago';
const FAILED_TEXT = 'Ha fallado el intento de pago';

describe.each(testDatabaseKinds())('real gateways over HTTP (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(kind, realGatewaysEnv(fake.url, { REDSYS_URL: REDSYS_PAGE }));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const orderRow = async (orderId: string) => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row;
  };
  const eventsOf = async (orderId: string) =>
    t.database.db
      .select({ id: paymentEvents.id, type: paymentEvents.type })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.orderId, orderId));
  const intentOf = async (orderId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    return row?.providerRef ?? '';
  };
  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });
  const redsysNotify = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/redsys/notify',
      // As Redsys's servers send it.
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      payload: body,
    });

  describe('Stripe', () => {
    it('answers the Payment Element, then completes the paid intent once (process + webhook)', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      expect(placed.next).toMatchObject({ type: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE });
      const ref = await intentOf(placed.orderId);
      expect(placed.next.type === 'stripe' && placed.next.client_secret.startsWith(ref)).toBe(true);

      // Not yet paid: the Element again.
      const open = await send(t.app, placed.session, {
        method: 'GET',
        url: `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}`,
      });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toMatchObject({ ok: true, order_id: placed.orderId, next: { type: 'stripe' } });

      const intent = fake.browserConfirms(ref, 'approve');
      const done = await send(t.app, placed.session, {
        method: 'GET',
        url: `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}`,
      });
      expect(done.json()).toMatchObject({ ok: true, next: { type: 'success' } });
      expect((await orderRow(placed.orderId))?.status).toBe('complete_pending');

      // Stripe's webhook for the same payment, delivered 20 times at once: nothing more happens.
      const { body, signature } = fake.event('payment_intent.succeeded', intent);
      const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body, signature)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(answers.every((a) => a.json().status === 'duplicate')).toBe(true);
      expect(await eventsOf(placed.orderId)).toHaveLength(1);
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed.orderId));
      expect(payment?.status).toBe('paid');
    });

    it('pays from the webhook alone, exactly once however many deliveries arrive together', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      const intent = fake.browserConfirms(await intentOf(placed.orderId), 'approve');
      const { body, signature } = fake.event('payment_intent.succeeded', intent);
      const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body, signature)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(answers.filter((a) => a.json().status === 'applied')).toHaveLength(1);
      expect(await eventsOf(placed.orderId)).toHaveLength(1);
      expect((await orderRow(placed.orderId))?.status).toBe('complete_pending');
    });

    it('refunds a paid order through Stripe; the charge.refunded webhook marks the payment refunded once', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      const ref = await intentOf(placed.orderId);
      const intent = fake.browserConfirms(ref, 'approve');
      const paid = fake.event('payment_intent.succeeded', intent);
      expect((await webhook(paid.body, paid.signature)).json().status).toBe('applied');
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed.orderId));
      const gateway = t.app.gateways.named('stripe');
      const refund = await gateway?.refund({
        providerRef: ref,
        amountCents: 2076,
        paymentId: payment?.id ?? 0,
      });
      expect(refund?.providerRef).toMatch(/^re_/);
      expect(fake.refunds.filter((r) => r.payment_intent === ref)).toHaveLength(1);
      const refunded = fake.event('charge.refunded', {
        id: intent.latest_charge,
        object: 'charge',
        payment_intent: ref,
        amount: 2076,
        amount_refunded: 2076,
        refunded: true,
      });
      const answers = await Promise.all([1, 2, 3].map(() => webhook(refunded.body, refunded.signature)));
      expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
      const [after] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
      expect(after?.status).toBe('refunded');
    });

    it('reports a declined card with the failed-payment text and leaves the order payable', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      fake.browserConfirms(await intentOf(placed.orderId), 'decline');
      const answer = await send(t.app, placed.session, {
        method: 'GET',
        url: `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}`,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().next.type).toBe('failed');
      expect(answer.json().next.message).toContain(FAILED_TEXT);
      expect((await orderRow(placed.orderId))?.status).toBe('pending_payment');
    });

    it('confirms on the server with the browser’s confirmation token', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      const token = fake.confirmationToken('approve');
      const answer = await send(t.app, placed.session, {
        method: 'GET',
        url: `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}&confirmation_token=${token}`,
      });
      expect(answer.json().next).toEqual({ type: 'success' });
      const confirm = fake.requests.find(
        (r) => r.path.endsWith('/confirm') && r.body.confirmation_token === token,
      );
      expect(confirm?.body.return_url).toBe(`http://localhost/app/checkout/3ds?order_id=${placed.orderId}`);
    });

    it('shows nothing of an order to anyone but its customer', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      const stranger = await loggedInCustomer(t);
      const url = `/desktopapp/rest/stripe/rest/process/?order_id=${placed.orderId}`;
      expect((await send(t.app, stranger.session, { method: 'GET', url })).statusCode).toBe(404);
      // Without the session's form key (a cross-site request): refused before anything is read.
      expect((await send(t.app, placed.session, { method: 'GET', url, formKey: false })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
      const unknown = `/desktopapp/rest/stripe/rest/process/?order_id=1499999999`;
      expect((await send(t.app, placed.session, { method: 'GET', url: unknown })).statusCode).toBe(404);
      const bad = await send(t.app, placed.session, {
        method: 'GET',
        url: '/desktopapp/rest/stripe/rest/process/?order_id=x',
      });
      expect(bad.statusCode).toBe(400);
      const token = await send(t.app, placed.session, {
        method: 'GET',
        url: `${url}&confirmation_token=%00`,
      });
      expect(token.statusCode).toBe(400);
    });

    it('lets the storefront load Stripe.js and its frames (Stripe configured) and nothing else', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/app/servicios' });
      const csp = String(page.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toMatch(
        /^script-src 'self' .*https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/,
      );
      expect(directive('frame-src')).toBe(
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
      );
      expect(directive('connect-src')).toContain('https://api.stripe.com');
      expect(csp).toContain("form-action 'self'");
      // A shop without Stripe names no Stripe origin: http/error-handler.test.ts.
    });

    it('refuses tampered or unsigned webhooks with 403 and acknowledges events it does not use', async () => {
      const placed = await placeOrder(t, { method: 'stripe' });
      const intent = fake.browserConfirms(await intentOf(placed.orderId), 'approve');
      const { body, signature } = fake.event('payment_intent.succeeded', intent);
      const tampered = body.replace(`"amount":2076`, '"amount":1');
      expect((await webhook(tampered, signature)).statusCode).toBe(403);
      expect((await webhook(body)).statusCode).toBe(403);
      expect((await webhook(body, 't=1,v1=00')).statusCode).toBe(403);
      expect((await webhook('{', signature)).statusCode).toBe(403);
      expect((await orderRow(placed.orderId))?.status).toBe('pending_payment');
      const other = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
      const ignored = await webhook(other.body, other.signature);
      expect(ignored.statusCode).toBe(200);
      expect(ignored.json()).toEqual({ received: true, status: 'ignored' });
    });
  });

  describe('Redsys', () => {
    it('sends Bizum to Redsys through an auto-posting form allowed by this page’s CSP only', async () => {
      const placed = await placeOrder(t, { method: 'bizum' });
      expect(placed.next).toEqual({
        type: 'redirect',
        url: `http://localhost/desktopapp/rest/redsys/rest/processBizum?order_id=${placed.orderId}`,
      });
      const page = await send(t.app, placed.session, {
        method: 'GET',
        url: `/desktopapp/rest/redsys/rest/processBizum?order_id=${placed.orderId}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`action="${REDSYS_PAGE}"`);
      expect(page.body).toMatch(/name="Ds_SignatureVersion" value="HMAC_SHA256_V1"/);
      expect(page.body).toMatch(/name="Ds_MerchantParameters" value="[A-Za-z0-9+/=]+"/);
      expect(page.body).toContain('Continuar al pago');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain('form-action https://sis-t.redsys.es:25443');
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(page.headers['cache-control']).toContain('no-store');

      // Everywhere else the form may only post to the shop itself.
      const config = await send(t.app, placed.session, { method: 'GET', url: '/desktopapp/rest/config' });
      expect(String(config.headers['content-security-policy'])).toContain("form-action 'self'");

      const stranger = await loggedInCustomer(t);
      const other = await send(t.app, stranger.session, {
        method: 'GET',
        url: `/desktopapp/rest/redsys/rest/processBizum?order_id=${placed.orderId}`,
      });
      expect(other.statusCode).toBe(404);
    });

    it('applies a signed notice once, refuses a tampered one with 403', async () => {
      const placed = await placeOrder(t, { method: 'bizum' });
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed.orderId));
      const params = {
        Ds_Amount: '2076',
        Ds_Currency: '978',
        Ds_Order: payment?.providerRef ?? '',
        Ds_MerchantCode: REDSYS_TEST_MERCHANT,
        Ds_Terminal: '001',
        Ds_Response: '0000',
        Ds_TransactionType: '0',
        Ds_AuthorisationCode: '111111',
        Ds_ProcessedPayMethod: '68',
      };
      const forged = new URLSearchParams(redsysNoticeBody(REDSYS_TEST_KEY, { ...params, Ds_Amount: '1' }));
      forged.set(
        'Ds_Signature',
        new URLSearchParams(redsysNoticeBody(REDSYS_TEST_KEY, params)).get('Ds_Signature') ?? '',
      );
      const refused = await redsysNotify(forged.toString());
      expect(refused.statusCode).toBe(403);
      expect(
        (await redsysNotify(redsysNoticeBody('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', params))).statusCode,
      ).toBe(403);
      expect((await redsysNotify('garbage')).statusCode).toBe(403);
      expect((await orderRow(placed.orderId))?.status).toBe('pending_payment');

      const body = redsysNoticeBody(REDSYS_TEST_KEY, params);
      const answers = await Promise.all(Array.from({ length: 20 }, () => redsysNotify(body)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(answers.filter((a) => a.json().status === 'applied')).toHaveLength(1);
      expect(await eventsOf(placed.orderId)).toHaveLength(1);
      expect((await orderRow(placed.orderId))?.status).toBe('complete_pending');
    });

    it('keeps no card number from a card payment sent to Redsys', async () => {
      const card = '4548812049400004';
      const placed = await placeOrder(t, {
        method: 'cc',
        fields: { num: card, month: '12', year: '2031', cvc: '987' },
      });
      expect(placed.next.type).toBe('redirect');
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed.orderId));
      const notice = redsysNoticeBody(REDSYS_TEST_KEY, {
        Ds_Amount: '2076',
        Ds_Order: payment?.providerRef ?? '',
        Ds_MerchantCode: REDSYS_TEST_MERCHANT,
        Ds_Response: '0000',
        Ds_TransactionType: '0',
        Ds_Card_Number: '454881******0004',
        Ds_AuthorisationCode: '222222',
      });
      expect((await redsysNotify(notice)).statusCode).toBe(200);
      const dump = await t.database.db.execute(
        sql`select (select coalesce(json_agg(p)::text, '') from payments p) || (select coalesce(json_agg(e)::text, '') from payment_events e) || (select coalesce(json_agg(o)::text, '') from orders o) as text`,
      );
      const text = String((dump as unknown as { rows: { text: string }[] }).rows[0]?.text);
      expect(text).toContain(payment?.providerRef ?? 'missing');
      expect(text).not.toContain(card);
      expect(text).not.toContain('454881');
    });
  });
});
