import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { loggedInSession } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, ownerSession } from '../../testing/orders.ts';
import { refundLatePayment } from './payment-jobs.ts';
import { startPayment } from './payment-start.ts';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox.gateway.ts';

const API = '/desktopapp/rest';
const DECLINED = { num: '4000000000000002', month: '12', year: '2031', cvc: '123' };
const APPROVED = { ...DECLINED, num: '4242424242424242' };

/** Issue 17 items 5 and 4: retry by the method chosen, the invalid-payment flag, paid orders, late money. */
describe.each(testDatabaseKinds())('retries and failures (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;
  const get = (session: TestSession, url: string) =>
    send(t.app, session, { method: 'GET', url: `${API}/${url}` });

  const retry = async (session: TestSession, route: string, orderId: string, extra = '') =>
    (await get(session, `${route}/?order_id=${orderId}${extra}`)).statusCode;
  const attemptsOf = (id: string) => db().select().from(payments).where(eq(payments.orderId, id));

  /** A Portuguese order whose card was declined, and its owner's session. */
  async function declinedOrder(storeId = 16) {
    const order = await createTestOrder(db(), { storeId, productIds: [storeId === 16 ? 18414 : 15867] });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    const pay = (fields: Record<string, string>, method: 'cc' | 'multibanco' = 'cc') =>
      startPayment(db(), t.app.gateways, { order: row, method, fields, baseUrl: '', language: 'pt' });
    expect((await pay(DECLINED)).next.type).toBe('failed');
    return { order, owner: await ownerSession(t, order), pay };
  }

  it('otherMethodsPaymentIntent starts the method the customer chose: Multibanco gives a voucher', async () => {
    const { order, owner } = await declinedOrder();
    const answer = await get(owner, `otherMethodsPaymentIntent/?order_id=${order.orderId}&type=multibanco`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, attempt: 2, next: { type: 'voucher', entity: '21312' } });
    const [second] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.orderId), eq(payments.attempt, 2)));
    expect(second?.method).toBe('multibanco');
    // Without a type, the store's card; a method the store does not offer is a field error; bad input 400.
    expect(
      (await get(owner, `otherMethodsPaymentIntent/?order_id=${order.orderId}&type=bizum`)).statusCode,
    ).toBe(400);
    for (const bad of ['type=cash', 'type=', `type=${'x'.repeat(5000)}`, 'type=cc&type=bank']) {
      const refused = await get(owner, `otherMethodsPaymentIntent/?order_id=${order.orderId}&${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    // Another customer's order: 404, whatever the type.
    const stranger = await loggedInSession(t, { store_id: '16' });
    const foreign = await get(
      stranger.session,
      `otherMethodsPaymentIntent/?order_id=${order.orderId}&type=multibanco`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('a decline says once that no money was taken; a paid order says it is paid and offers nothing', async () => {
    const { order, owner, pay } = await declinedOrder();
    const failed = await get(owner, `orderSummary/?order_id=${order.orderId}`);
    expect(failed.json().order.payment).toMatchObject({
      state: 'failed',
      payable: true,
      detail: 'Não foi cobrado nenhum valor.',
    });
    expect(failed.json().config.invalid_payment).toBe(true);
    expect((await pay(APPROVED)).next).toEqual({ type: 'success' });
    const paid = await get(owner, `orderSummary/?order_id=${order.orderId}`);
    expect(paid.json().order.payment).toMatchObject({ state: 'paid', payable: false });
    expect(paid.json().order.payment.message).toBeUndefined();
    expect(paid.json().config.invalid_payment).toBe(false);
    expect((await get(owner, `otherMethodsPaymentIntent/?order_id=${order.orderId}`)).statusCode).toBe(409);
  });

  it('after a failed payment a new cart checks out as a new order; the failed one stays payable', async () => {
    const { session } = await loggedInSession(t);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const year = String(new Date().getFullYear() + 2);
    const checkout = (num: string) =>
      send(t.app, session, {
        method: 'POST',
        url: `${API}/checkoutAuthenticated`,
        payload: { config: session.config, form: { type: 'cc', num, month: '7', year, cvc: '123' } },
      });
    const first = await checkout(DECLINED.num);
    expect(first.json().next).toMatchObject({ type: 'failed', detail: 'No se ha cobrado ningún importe.' });
    expect(first.json().config.invalid_payment).toBe(true);
    // A new cart leaves the failed order: the flag is cleared.
    const added = await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    expect(added.body.config.invalid_payment).toBe(false);
    // Looking at the failed order again does not steer the next checkout back to it.
    const summary = await get(session, `orderSummary/?order_id=${first.json().order_id}`);
    expect(summary.json().config.invalid_payment).toBe(false);
    expect(summary.json().order.payment.payable).toBe(true);
    const second = await checkout(APPROVED.num);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order_id).not.toBe(first.json().order_id);
    expect(second.json().next).toEqual({ type: 'success' });
    // The failed order is still payable by the retry calls.
    const retry = await get(session, `otherMethodsPaypal/?order_id=${first.json().order_id}`);
    expect(retry.json()).toMatchObject({ ok: true, attempt: 2, next: { type: 'redirect' } });
  });

  it('money arriving for an abandoned voucher after a card paid the order is refunded automatically, once', async () => {
    const { order, pay } = await declinedOrder();
    expect((await pay({}, 'multibanco')).next.type).toBe('voucher');
    const [voucher] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.orderId), eq(payments.method, 'multibanco')));
    expect((await pay(APPROVED)).next).toEqual({ type: 'success' });
    // The ATM payment of the voucher arrives afterwards.
    const late = t.app.sandboxGateway.notice(voucher?.providerRef ?? '', 'paid', voucher?.amountCents ?? 0);
    const notice = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: late.signature },
      payload: late.body,
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const [queued] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, voucher?.id ?? 0));
    expect([queued?.status, queued?.data.refund]).toEqual(['paid', 'queued']);
    // The payment.refund job's work (run here rather than waiting for the worker).
    expect(await refundLatePayment(db(), t.app.gateways, voucher?.id ?? 0)).toBe(true);
    expect(await refundLatePayment(db(), t.app.gateways, voucher?.id ?? 0)).toBe(false);
    const [refunded] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, voucher?.id ?? 0));
    expect(refunded?.status).toBe('refunded');
    expect(refunded?.data).toMatchObject({ refund: 'done', refund_ref: expect.stringMatching(/_refund_/) });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('complete_pending');
  });

  it('refuses the payment calls to strangers and bad input: 400 / 401 / 404 / 409, never 5xx', async () => {
    const order = await createTestOrder(db());
    const stranger = await ownerSession(t, await createTestOrder(db()));
    for (const route of [
      'otherMethodsPaymentIntent',
      'otherMethodsPaypal',
      'otherMethodsBizum',
      'moneiPaymentIntent',
      'orderSummary',
    ]) {
      expect(await retry(stranger, route, order.orderId)).toBe(404);
      expect(await retry(stranger, route, 'abc')).toBe(400);
      expect(await retry(stranger, route, '9'.repeat(5000))).toBe(400);
      expect(await retry(stranger, route, '1499999999')).toBe(404);
    }
    // Store 14 takes no Multibanco.
    const owner = await ownerSession(t, order);
    expect(await retry(owner, 'moneiPaymentIntent', order.orderId, '&paymethod=moneimultibanco')).toBe(400);
    expect(await retry(owner, 'moneiPaymentIntent', order.orderId, '&paymethod=x')).toBe(400);
    // Without the form key a retry is refused.
    const noKey = await send(t.app, owner, {
      url: `/desktopapp/rest/otherMethodsPaypal/?order_id=${order.orderId}`,
      formKey: false,
    });
    expect(noKey.statusCode).toBe(403);
    // No HEAD twin starts an attempt without the form key.
    const head = await send(t.app, owner, {
      method: 'HEAD',
      url: `/desktopapp/rest/otherMethodsPaypal/?order_id=${order.orderId}`,
      formKey: false,
    });
    expect(head.statusCode).toBe(404);
    expect(await attemptsOf(order.orderId)).toHaveLength(0);
    await startPayment(db(), t.app.gateways, {
      order: { id: order.orderId, storeId: order.storeId },
      method: 'cc',
      fields: APPROVED,
      baseUrl: '',
      language: 'es',
    });
    expect(await retry(owner, 'otherMethodsPaypal', order.orderId)).toBe(409);
    expect((await t.app.inject({ url: '/payments/sandbox/card/sbx_1_AAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/payments/sandbox/card/nope' })).statusCode).toBe(400);
  });

  it('records payment events once per notice id', async () => {
    const rows = await db().select().from(paymentEvents);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
  });
});
