import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { loggedInSession, uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const API = '/desktopapp/rest';
const card = (num = '4242424242424242') => ({
  type: 'cc',
  num,
  month: '7',
  year: String(new Date().getFullYear() + 2),
  cvc: '123',
});

/** Issue 17 item 6: a checkout request carries request_id; the same request again answers the same order. */
describe.each(testDatabaseKinds())('checkout idempotency (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 180_000);
  afterAll(() => t?.close());

  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    send(t.app, session, {
      method: 'POST',
      url: `${API}/${path}`,
      payload: { config: session.config, ...payload },
    });
  async function withCart(session?: TestSession) {
    const s = session ?? (await newSession(t.app));
    await postCart(t.app, s, 'addns', { config: s.config, form: nsForm() });
    return s;
  }
  const ordersOfQuote = (quoteId: number) =>
    t.database.db.select().from(orders).where(eq(orders.quoteId, quoteId));

  it('register path, one after the other: the lost answer replayed with the old cookie gets the same order and the new session', async () => {
    const session = await withCart();
    const quoteId = session.config.cart.quote_id as number;
    const stale = { ...session };
    const form = { email: uniqueEmail(), accept_terms: true, ...card(), request_id: randomUUID() };
    const first = await post(session, 'checkoutRegister', { form });
    expect(first.statusCode, first.body).toBe(200);
    // The answer never arrived: the page sends the same request with the cookie it had.
    const again = await post(stale, 'checkoutRegister', { form });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ order_id: first.json().order_id, next: { type: 'success' } });
    expect(again.json().config).toMatchObject({ loggedIn: true, lastOrderId: first.json().order_id });
    // And again from the logged-in page (the cookie of the first answer).
    const third = await post(session, 'checkoutRegister', { form });
    expect([third.statusCode, third.json().order_id]).toEqual([200, first.json().order_id]);
    expect(await ordersOfQuote(quoteId)).toHaveLength(1);
    // Another request for the ordered quote keeps its 409.
    const other = await post(session, 'checkoutAuthenticated', {
      form: { ...card(), request_id: randomUUID() },
    });
    expect(other.statusCode).toBe(409);
  });

  it('register path, at the same time: one order, every answer 200 with its id', async () => {
    const session = await withCart();
    const quoteId = session.config.cart.quote_id as number;
    const form = { email: uniqueEmail(), accept_terms: true, ...card(), request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post({ ...session }, 'checkoutRegister', { form })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().order_id)).size).toBe(1);
    expect(await ordersOfQuote(quoteId)).toHaveLength(1);
  });

  it('authenticated path, one after the other and at the same time, with a declined card: the same failed step', async () => {
    const { session } = await loggedInSession(t);
    await withCart(session);
    const quoteId = session.config.cart.quote_id as number;
    const form = { ...card('4000000000000002'), request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post({ ...session }, 'checkoutAuthenticated', { form })),
    );
    const later = await post({ ...session }, 'checkoutAuthenticated', { form });
    for (const a of [...answers, later]) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().order_id).toBe(answers[0]?.json().order_id);
      expect(a.json().next.type).toBe('failed');
    }
    expect(await ordersOfQuote(quoteId)).toHaveLength(1);
  });

  it("another visitor's copy of a request id replays nothing: their own cart makes their own order", async () => {
    const owner = await loggedInSession(t);
    await withCart(owner.session);
    const requestId = randomUUID();
    const mine = await post(owner.session, 'checkoutAuthenticated', {
      form: { ...card(), request_id: requestId },
    });
    expect(mine.statusCode).toBe(200);

    const stranger = await loggedInSession(t);
    const nothing = await post(stranger.session, 'checkoutAuthenticated', {
      form: { ...card(), request_id: requestId },
    });
    expect(nothing.statusCode).toBe(409);
    expect(JSON.stringify(nothing.json())).not.toContain(mine.json().order_id);
    await withCart(stranger.session);
    const theirs = await post(stranger.session, 'checkoutAuthenticated', {
      form: { ...card(), request_id: requestId },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().order_id).not.toBe(mine.json().order_id);

    // An anonymous visitor with the request id and no cookie of the owner's gets nothing either.
    const anonymous = await withCart();
    const refused = await post(anonymous, 'checkoutRegister', {
      form: { email: uniqueEmail(), accept_terms: true, ...card(), request_id: requestId },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().order_id).not.toBe(mine.json().order_id);
  });

  it('refuses a malformed request id with a field error, never a 5xx', async () => {
    const { session } = await loggedInSession(t);
    await withCart(session);
    for (const request_id of ['x', 42, 'a'.repeat(5000), null, { id: 1 }]) {
      const answer = await post(session, 'checkoutAuthenticated', { form: { ...card(), request_id } });
      expect(answer.statusCode, JSON.stringify(request_id)).toBe(400);
      expect(answer.json().errors?.[0]?.path).toBe('form.request_id');
    }
  });
});
