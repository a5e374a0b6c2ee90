import { isValidMultibancoReference } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, payments } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, ownerSession, type TestOrder } from '../../testing/orders.ts';
import type { CheckoutNext, PaymentMethod } from './gateway.ts';
import { startPayment } from './payment-start.ts';
import { SANDBOX_MULTIBANCO_ENTITY } from './sandbox.gateway.ts';

const FAILED_ES =
  'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.';

describe.each(testDatabaseKinds())('payments through the sandbox gateway (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 180_000);
  afterAll(() => t?.close());

  const db = () => t.database.db;

  async function pay(order: TestOrder, method: PaymentMethod, fields: Record<string, string> = {}) {
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    return (
      await startPayment(db(), t.app.gateways, { order: row, method, fields, baseUrl: '', language: 'es' })
    ).next;
  }
  const card = (num: string) => ({ num, month: '12', year: '2031', cvc: '123' });
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const attemptsOf = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, id))).sort(
      (a, b) => a.attempt - b.attempt,
    );
  const pathOf = (next: CheckoutNext) => {
    if (next.type !== 'redirect' && next.type !== '3ds') throw new Error(`expected a page, got ${next.type}`);
    return local(next.url);
  };
  /** A URL without the store's origin (the pages are injected by path). */
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const loc = (response: { headers: Record<string, unknown> }) => local(String(response.headers.location));
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  async function retry(session: TestSession, route: string, orderId: string, extra = '') {
    const response = await send(t.app, session, {
      url: `/desktopapp/rest/${route}/?order_id=${orderId}${extra}`,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('approves 4242 4242 4242 4242 at once: the order is paid and invoiced', async () => {
    const order = await createTestOrder(db());
    expect(await pay(order, 'cc', card('4242424242424242'))).toEqual({ type: 'success' });
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
    const [payment] = await attemptsOf(order.orderId);
    expect([payment?.attempt, payment?.status, payment?.gateway]).toEqual([1, 'paid', 'sandbox']);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.orderId));
    expect(invoice?.totalCents).toBe(2076);
    // Nota Simple: 10,91 official fee outside VAT; 9,85 service = 8,14 + 1,71 VAT (21 %).
    expect(invoice?.lines).toEqual([
      {
        description: expect.any(String),
        totalCents: 2076,
        officialFeeCents: 1091,
        baseCents: 814,
        vatCents: 171,
      },
    ]);
    expect([invoice?.baseCents, invoice?.vatCents, invoice?.series]).toEqual([814, 171, 'ES']);
  });

  it('declines 4000 0000 0000 0002 and 9995 with the failed-payment text; a retry pays the same order', async () => {
    const order = await createTestOrder(db());
    expect(await pay(order, 'cc', card('4000000000000002'))).toEqual({
      type: 'failed',
      message: FAILED_ES,
      detail: 'No se ha cobrado ningún importe.',
    });
    expect(await pay(order, 'cc', card('4000000000009995'))).toEqual({
      type: 'failed',
      message: FAILED_ES,
      detail: 'No se ha cobrado ningún importe.',
    });
    expect((await orderRow(order.orderId))?.status).toBe('pending_payment');
    const session = await ownerSession(t, order);
    const summary = await send(t.app, session, {
      url: `/desktopapp/rest/orderSummary/?order_id=${order.orderId}`,
    });
    expect(summary.json().order.payment).toMatchObject({ state: 'failed', attempt: 2, message: FAILED_ES });
    expect(summary.json().config).toMatchObject({ invalid_payment: true, payment_message: FAILED_ES });

    const intent = await retry(session, 'otherMethodsPaymentIntent', order.orderId);
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({
      ok: true,
      order_id: order.orderId,
      attempt: 3,
      next: { type: 'redirect' },
    });
    const page = pathOf(intent.body.next);
    expect((await t.app.inject({ url: page })).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: page, ...form(card('4242424242424242')) });
    expect(paid.statusCode).toBe(303);
    expect(loc(paid)).toBe(`/app/checkout/success/${order.orderId}`);
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
    expect((await attemptsOf(order.orderId)).map((p) => p.status)).toEqual(['failed', 'failed', 'paid']);
    // The paid page is closed now: a second submit changes nothing.
    const again = await t.app.inject({ method: 'POST', url: page, ...form(card('4242424242424242')) });
    expect(again.statusCode).toBe(200);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.orderId))).toHaveLength(1);
    const success = await send(t.app, session, {
      url: `/desktopapp/rest/orderSummary/?order_id=${order.orderId}`,
    });
    expect(success.json().config).toMatchObject({ invalid_payment: false, last_success_id: order.orderId });
    expect(success.json().order).toMatchObject({
      status: 'complete_pending',
      invoice_available: true,
      payment: { state: 'paid' },
    });
  });

  it('asks 4000 0027 6000 3184 for a 3-D Secure challenge: approve pays, fail leaves it payable', async () => {
    const order = await createTestOrder(db());
    const next = await pay(order, 'cc', card('4000002760003184'));
    expect(next.type).toBe('3ds');
    const challenge = await t.app.inject({ url: pathOf(next) });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('3-D Secure');
    const failed = await t.app.inject({ method: 'POST', url: pathOf(next), ...form({ action: 'fail' }) });
    expect(loc(failed)).toBe(`/app/payment/retry/${order.orderId}`);
    expect((await orderRow(order.orderId))?.status).toBe('pending_payment');

    const second = await pay(order, 'cc', card('4000002760003184'));
    const approved = await t.app.inject({
      method: 'POST',
      url: pathOf(second),
      ...form({ action: 'approve' }),
    });
    expect(loc(approved)).toBe(`/app/checkout/success/${order.orderId}`);
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
    expect((await attemptsOf(order.orderId)).map((p) => [p.attempt, p.status])).toEqual([
      [1, 'failed'],
      [2, 'paid'],
    ]);
  });

  it('plays Bizum: a denied confirmation fails, an approved one pays (otherMethodsBizum)', async () => {
    const order = await createTestOrder(db());
    const session = await ownerSession(t, order);
    const first = await retry(session, 'otherMethodsBizum', order.orderId);
    expect(first.body.next.type).toBe('redirect');
    const page = pathOf(first.body.next);
    expect((await t.app.inject({ url: page })).body).toContain('Bizum');
    const denied = await t.app.inject({
      method: 'POST',
      url: page,
      ...form({ action: 'fail', phone: '600000000' }),
    });
    expect(loc(denied)).toBe(`/app/payment/retry/${order.orderId}`);
    const second = await retry(session, 'otherMethodsBizum', order.orderId);
    expect(second.body.attempt).toBe(2);
    const noPhone = await t.app.inject({
      method: 'POST',
      url: pathOf(second.body.next),
      ...form({ action: 'approve' }),
    });
    expect(noPhone.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: pathOf(second.body.next),
      ...form({ action: 'approve', phone: '600 000 000' }),
    });
    expect(loc(ok)).toBe(`/app/checkout/success/${order.orderId}`);
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
  });

  it('plays PayPal: approval redirect, return to the shop, capture; paypal/standard/redirect/ leads there', async () => {
    const order = await createTestOrder(db());
    const session = await ownerSession(t, order);
    const intent = await retry(session, 'otherMethodsPaypal', order.orderId);
    const approval = pathOf(intent.body.next);
    const html = await send(t.app, session, { url: `/paypal/standard/redirect/?order_id=${order.orderId}` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(approval);
    expect(await attemptsOf(order.orderId)).toHaveLength(1);
    const approved = await t.app.inject({ method: 'POST', url: approval, ...form({ action: 'approve' }) });
    expect(loc(approved)).toBe(`${approval}/return`);
    expect((await orderRow(order.orderId))?.status).toBe('pending_payment');
    const back = await t.app.inject({ url: `${approval}/return` });
    expect(loc(back)).toBe(`/app/checkout/success/${order.orderId}`);
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
  });

  it('issues a Multibanco voucher on store 16: pending (Pendente de pagamento) until the ATM notice', async () => {
    const order = await createTestOrder(db(), { storeId: 16, productIds: [18414] });
    const next = await pay(order, 'multibanco');
    if (next.type !== 'voucher') throw new Error(`expected a voucher, got ${next.type}`);
    expect(next.entity).toBe(SANDBOX_MULTIBANCO_ENTITY);
    expect(next.reference).toMatch(/^\d{9}$/);
    expect(isValidMultibancoReference(next.entity, next.reference, 2470)).toBe(true);
    expect(next.amount).toBe('24.70');
    expect(Date.parse(next.expires_at)).toBeGreaterThan(Date.now());
    expect((await orderRow(order.orderId))?.status).toBe('processing');
    const session = await ownerSession(t, order);
    const summary = (
      await send(t.app, session, { url: `/desktopapp/rest/orderSummary/?order_id=${order.orderId}` })
    ).json();
    expect(summary.order).toMatchObject({
      status: 'processing',
      status_label: 'Pendente de pagamento',
      payment: { state: 'pending', voucher: { entity: next.entity, reference: next.reference } },
    });
    const [payment] = await attemptsOf(order.orderId);
    const atm = `/payments/sandbox/multibanco/${payment?.providerRef}`;
    expect((await t.app.inject({ url: atm })).body).toContain(next.reference.slice(0, 3));
    const paid = await t.app.inject({ method: 'POST', url: atm, ...form({ action: 'pay' }) });
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.orderId));
    expect([invoice?.series, invoice?.vatRateBp, invoice?.language]).toEqual(['PT', 2300, 'pt']);
  });

  it('records a direct-debit mandate: pending until the bank collects', async () => {
    const order = await createTestOrder(db());
    expect(await pay(order, 'bank', { iban: 'ES91 2100 0418 4502 0005 1332' })).toEqual({ type: 'pending' });
    expect((await orderRow(order.orderId))?.status).toBe('processing');
    const [payment] = await attemptsOf(order.orderId);
    expect(payment?.data.mandate).toMatchObject({
      reference: `MDT-${order.orderId}-1`,
      account: 'ES91…1332',
    });
    expect(JSON.stringify(payment?.data)).not.toContain('21000418450200051332');
    const page = `/payments/sandbox/bank/${payment?.providerRef}`;
    await t.app.inject({ method: 'POST', url: page, ...form({ action: 'collect' }) });
    expect((await orderRow(order.orderId))?.status).toBe('complete_pending');
    // A bad IBAN fails at once.
    const other = await createTestOrder(db());
    expect((await pay(other, 'bank', { iban: 'ES00 1234' })).type).toBe('failed');
  });

  it('plays Monei card (hosted page) and Monei Multibanco (moneiPaymentIntent&paymethod)', async () => {
    const order = await createTestOrder(db(), { storeId: 16, productIds: [18414] });
    const session = await ownerSession(t, order);
    const voucher = await retry(session, 'moneiPaymentIntent', order.orderId, '&paymethod=moneimultibanco');
    expect(voucher.body.next).toMatchObject({ type: 'voucher', entity: SANDBOX_MULTIBANCO_ENTITY });
    const cardIntent = await retry(session, 'moneiPaymentIntent', order.orderId);
    expect(cardIntent.body).toMatchObject({ attempt: 2, next: { type: 'redirect' } });
    const done = await t.app.inject({
      method: 'POST',
      url: pathOf(cardIntent.body.next),
      ...form(card('4242424242424242')),
    });
    expect(loc(done)).toBe(`/app/checkout/success/${order.orderId}`);
    const rows = await attemptsOf(order.orderId);
    expect(rows.map((p) => [p.method, p.status])).toEqual([
      ['moneimultibanco', 'pending'],
      ['monei', 'paid'],
    ]);
  });
});
