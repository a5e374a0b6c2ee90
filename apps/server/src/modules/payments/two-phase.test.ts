import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.ts';
import { buildTestApp, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { loggedInSession } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { slowGateway } from '../../testing/fake-gateways.ts';
import { createTestOrder, ownerSession } from '../../testing/orders.ts';
import { resolveAttempt, STALE_ATTEMPT_MS } from './payment-jobs.ts';
import { RESOLVE_AFTER_MS, recordAttempt } from './payment-start.ts';
import { RESOLVE_WINDOW_MS, resolveStaleAttempts } from './resolve-sweep.ts';

const API = '/desktopapp/rest';
const card = () => ({
  type: 'cc',
  num: '4242424242424242',
  month: '7',
  year: String(new Date().getFullYear() + 2),
  cvc: '123',
});

/** Issue 17 item 6 / ADR 025: no provider call while a transaction is open; a lost answer is resolved. */
describe.each(testDatabaseKinds())('two-phase payment start (%s)', (kind) => {
  const slow = slowGateway({ name: 'slow', methods: ['bizum'], delayMs: 2000 });
  const lost = slowGateway({
    name: 'lost',
    methods: ['paypal'],
    delayMs: 0,
    lookup: async (input) =>
      input.attempt === 1
        ? {
            eventId: `lookup-${input.paymentId}`,
            providerRef: `lost_${input.paymentId}`,
            outcome: 'paid',
            raw: {},
          }
        : null,
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      kind,
      { PAYMENT_GATEWAYS: '14:bizum=slow,16:paypal=lost' },
      { gateways: [slow, lost] },
    );
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    send(t.app, session, {
      method: 'POST',
      url: `${API}/${path}`,
      payload: { config: session.config, ...payload },
    });
  async function buyer() {
    const { session } = await loggedInSession(t);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    return session;
  }

  it("another session's checkout completes while the gateway takes 2 s (no transaction open during the call)", async () => {
    const a = await buyer();
    const b = await buyer();
    const entered = slow.nextStart();
    const first = post(a, 'checkoutAuthenticated', { form: { type: 'bizum', request_id: randomUUID() } });
    await entered;
    const began = Date.now();
    const other = await post(b, 'checkoutAuthenticated', { form: card() });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().next).toEqual({ type: 'success' });
    // B was answered while A's provider call was still running.
    expect(slow.inFlight).toBe(1);
    expect(Date.now() - began).toBeLessThan(2000);
    const answer = await first;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().next).toEqual({ type: 'success' });
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.json().order_id));
    expect(order?.status).toBe('complete_pending');
  });

  it('a repeated request while the first is still calling the gateway answers the same order and step', async () => {
    const a = await buyer();
    const form = { type: 'bizum', request_id: randomUUID() };
    const entered = slow.nextStart();
    const first = post({ ...a }, 'checkoutAuthenticated', { form });
    await entered;
    const again = await post({ ...a }, 'checkoutAuthenticated', { form });
    const answer = await first;
    expect([answer.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().order_id).toBe(answer.json().order_id);
    expect(again.json().next).toEqual({ type: 'success' });
    expect(
      await db().select().from(payments).where(eq(payments.orderId, answer.json().order_id)),
    ).toHaveLength(1);
  });

  /** Phase 1 only: the process "crashed" before calling the gateway. */
  async function lostAttempt(storeId: number, gateway: typeof lost | typeof slow) {
    const order = await createTestOrder(db(), { storeId, productIds: [storeId === 16 ? 18414 : 15867] });
    const attempt = await db().transaction((tx) =>
      recordAttempt(tx, { orderId: order.orderId, method: gateway.methods[0] ?? 'cc', gateway }),
    );
    return { order, attempt };
  }

  it('the resolve job settles a lost attempt through lookup, or fails it as abandoned', async () => {
    const { order, attempt } = await lostAttempt(16, lost);
    expect(await resolveAttempt(db(), t.app.gateways, attempt.paymentId)).toBe('settled');
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(paid?.status).toBe('complete_pending');
    // Settled: a second run (the job retried, or after a retry resolved it) changes nothing.
    expect(await resolveAttempt(db(), t.app.gateways, attempt.paymentId)).toBe('unchanged');

    // No lookup (the slow gateway has none): abandoned, and the order is payable again.
    const gone = await lostAttempt(14, slow);
    expect(await resolveAttempt(db(), t.app.gateways, gone.attempt.paymentId)).toBe('abandoned');
    const [payment] = await db().select().from(payments).where(eq(payments.id, gone.attempt.paymentId));
    expect([payment?.status, payment?.data.error]).toEqual(['failed', 'abandoned']);
    const [payable] = await db().select().from(orders).where(eq(orders.id, gone.order.orderId));
    expect(payable?.status).toBe('pending_payment');
  });

  it('a retry refuses while an attempt is being started, and resolves a stale one first', async () => {
    const { order, attempt } = await lostAttempt(14, slow);
    const owner = await ownerSession(t, order);
    const retry = () =>
      send(t.app, owner, { method: 'GET', url: `${API}/otherMethodsPaypal/?order_id=${order.orderId}` });
    expect((await retry()).statusCode).toBe(409);
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - STALE_ATTEMPT_MS - 1000) })
      .where(eq(payments.id, attempt.paymentId));
    const answer = await retry();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ attempt: 2, next: { type: 'redirect' } });
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows.map((p) => [p.attempt, p.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'pending'],
    ]);
  });

  it("the order's next call (its summary) resolves a stale lost attempt: the order is payable again", async () => {
    const { order, attempt } = await lostAttempt(14, slow);
    const owner = await ownerSession(t, order);
    const summary = () =>
      send(t.app, owner, { method: 'GET', url: `${API}/orderSummary/?order_id=${order.orderId}` });
    expect((await summary()).json().order.payment).toMatchObject({ state: 'pending', payable: false });
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - STALE_ATTEMPT_MS - 1000) })
      .where(eq(payments.id, attempt.paymentId));
    expect((await summary()).json().order.payment).toMatchObject({ state: 'failed', payable: true });
  });

  it('the sweep resolves the attempts left created past RESOLVE_AFTER_MS, not fresher or older ones', async () => {
    const age = async (paymentId: number, ms: number) =>
      db()
        .update(payments)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(payments.id, paymentId));
    const settled = await lostAttempt(16, lost);
    await age(settled.attempt.paymentId, RESOLVE_AFTER_MS + 1000);
    const abandoned = await lostAttempt(14, slow);
    await age(abandoned.attempt.paymentId, RESOLVE_AFTER_MS + 60_000);
    const fresh = await lostAttempt(14, slow);
    const ancient = await lostAttempt(14, slow);
    await age(ancient.attempt.paymentId, RESOLVE_WINDOW_MS + 60_000);
    // No job is queued per attempt any more (issue 22): the sweep is what finds them.
    const report = await resolveStaleAttempts(db(), t.app.gateways);
    expect(report.failed).toBe(0);
    const status = async (paymentId: number) =>
      (await db().select().from(payments).where(eq(payments.id, paymentId)))[0]?.status;
    expect(await status(settled.attempt.paymentId)).toBe('paid');
    expect(await status(abandoned.attempt.paymentId)).toBe('failed');
    expect(await status(fresh.attempt.paymentId)).toBe('created');
    expect(await status(ancient.attempt.paymentId)).toBe('created');
    const [paid] = await db().select().from(orders).where(eq(orders.id, settled.order.orderId));
    expect(paid?.status).toBe('complete_pending');
    // A second pass finds nothing left to do for them.
    await resolveStaleAttempts(db(), t.app.gateways);
    expect(await status(fresh.attempt.paymentId)).toBe('created');
  });
});
