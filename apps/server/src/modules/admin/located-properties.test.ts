import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locatedResults, mailMessages, quoteItems, quotes } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { deleteItem, getCart, postCart, qpForm } from '../../testing/cart.ts';
import { loggedInSession, uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';

const property = (n: number) => ({
  titular: 'Ana Pérez García',
  municipio: 'Madrid',
  registro: `Registro de la Propiedad de Madrid nº ${n}`,
  finca: `${1000 + n}`,
  idufir: '',
  direccion: `Calle Mayor ${n}`,
});

const card = () => ({
  type: 'cc',
  num: '4242424242424242',
  month: '7',
  year: String(new Date().getFullYear() + 2),
  cvc: '123',
});

/**
 * Located properties (issue 10 item 3) through the real checkout: a paid
 * properties search, the agent records what it found, the customer pays the
 * new quote (2 x 20,76) or cancels it; nothing found sends a mail only.
 */
describe.each(testDatabaseKinds())('located properties (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    agent = await signedInOperator(t.app, 'agent');
  });
  afterAll(() => t?.close());

  /** A logged-in customer's paid properties search (12 EUR by card): its order id and search item id. */
  async function paidSearch(session: TestSession, form = qpForm()) {
    const added = await postCart(t.app, session, 'addqp', { config: session.config, form });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const paid = await send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutAuthenticated/',
      payload: { config: session.config, form: card() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().order_id as string;
    await send(t.app, session, { url: '/desktopapp/rest/config', formKey: false });
    const located = await adminSend(t.app, agent, { url: `/admin/api/orders/${orderId}/located` });
    expect(located.statusCode, located.body).toBe(200);
    const [search] = located.json().searches;
    return { orderId, itemId: search.item_id as number, total: paid.json() };
  }

  const record = (orderId: string, itemId: number | string, body: unknown) =>
    adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${itemId}/located`,
      payload: body as Record<string, unknown>,
    });

  const loadQuote = (session: TestSession, id: number | string) =>
    send(t.app, session, { url: `/desktopapp/rest/loadquote?id=${id}` });

  it('two found properties: a new quote with the 18324 request and two children at 20,76; the customer pays 41,52', async () => {
    const { session, customer } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(session);

    const before = (await adminSend(t.app, agent, { url: `/admin/api/orders/${orderId}/located` })).json();
    expect(before.searches).toEqual([
      { item_id: itemId, product_id: 18357, located_product_id: 18324, price_cents: 2076, record: null },
    ]);

    const body = { properties: [property(1), property(2)] };
    const first = await record(orderId, itemId, body);
    expect(first.statusCode, first.body).toBe(200);
    const search = first.json().search;
    expect(search.record).toMatchObject({ quote_status: 'open', properties: body.properties });
    const quoteId = search.record.quote_id as number;

    // Recording again (a double click) answers the same record: still one quote, one mail.
    const again = await record(orderId, itemId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().search.record.quote_id).toBe(quoteId);
    expect(
      await t.app.db.select().from(locatedResults).where(eq(locatedResults.orderId, orderId)),
    ).toHaveLength(1);
    // Something else for the same search is refused.
    expect((await record(orderId, itemId, { properties: [property(3)] })).statusCode).toBe(409);
    expect((await record(orderId, itemId, { properties: [] })).statusCode).toBe(409);

    // The quote: the customer's, open, with the request at 0 and a child per property at 20,76.
    const [quote] = await t.app.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ customerId: customer.id, status: 'open', storeId: 14 });
    const items = await t.app.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId));
    expect(items.map((i) => [i.productId, i.priceCents, i.parentId === null])).toEqual([
      [18324, 0, true],
      [18324, 2076, false],
      [18324, 2076, false],
    ]);

    // The mail, in Spanish, with the link to payment/quote/{quote_id}; the audit row.
    const mails = await t.app.db.select().from(mailMessages).where(eq(mailMessages.to, customer.email));
    const mail = mails.find((m) => m.subject.includes('Propiedades localizadas'));
    expect(mail?.text).toContain(`/app/payment/quote/${quoteId}?store_id=14`);
    expect(mail?.text).toContain('2 propiedades');
    expect(mail?.text).toContain('41,52');
    expect(mail?.text).toContain('Número de finca registral: 1001');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.located_recorded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: agent.email, data: { after: { found: 2, quote_id: quoteId } } });

    // The customer loads it as the cart and pays it through the normal checkout.
    const loaded = await loadQuote(session, quoteId);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const cart = await getCart(t.app, session);
    expect(cart.total).toBe(4152);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ product_id: 18324, current_price: 0 });
    expect(cart.items[0]?.childs.map((c) => c.current_price)).toEqual([2076, 2076]);
    expect(cart.items[0]?.childs[0]?.options.map((o) => o.print_value)).toContain('1001');

    const paid = await send(t.app, session, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutAuthenticated/',
      payload: { config: session.config, form: card() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const located = (
      await adminSend(t.app, agent, { url: `/admin/api/orders/${paid.json().order_id}` })
    ).json().order;
    expect(located).toMatchObject({ total_cents: 4152, status: 'complete_pending' });
    expect(located.items).toHaveLength(3);
    // In the queue under the holder searched, like the search itself.
    const queue = (
      await adminSend(t.app, agent, { url: `/admin/api/orders?q=${paid.json().order_id}` })
    ).json();
    expect(queue.rows[0]).toMatchObject({ holder: 'Ana Pérez García', total_cents: 4152, paid: true });

    // Paid once: the search shows its quote ordered.
    const after = (await adminSend(t.app, agent, { url: `/admin/api/orders/${orderId}/located` })).json();
    expect(after.searches[0].record.quote_status).toBe('ordered');
  });

  it("another customer can neither load, see, pay nor cancel a customer's located quote", async () => {
    const { session } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(session);
    const quoteId = (await record(orderId, itemId, { properties: [property(7)] })).json().search.record
      .quote_id as number;
    const [parent] = await t.app.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId));

    const { session: other } = await loggedInSession(t);
    expect((await loadQuote(other, quoteId)).statusCode).toBe(404);
    expect((await getCart(t.app, other)).items).toEqual([]);
    expect((await deleteItem(t.app, other, parent?.id as number)).status).toBe(404);
    const pay = await send(t.app, other, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutAuthenticated/',
      payload: { config: other.config, form: card() },
    });
    expect(pay.statusCode).toBe(409);
    // Anonymous: log in first.
    const anonymous = await newSession(t.app);
    expect((await loadQuote(anonymous, quoteId)).statusCode).toBe(401);
    // The owner on another store: not found there.
    // Bad ids are 400s, never 5xx.
    for (const id of ['abc', '0', '-1', '99999999999', '']) {
      expect((await loadQuote(session, id)).statusCode).toBe(400);
    }
    expect((await loadQuote(session, 999999)).statusCode).toBe(404);
    // Unchanged for its owner.
    expect((await loadQuote(session, quoteId)).statusCode).toBe(200);
  });

  it("one found property cancelled with 'Cancelar pedido': the 18324 request goes, nothing is charged", async () => {
    const { session } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(session);
    const quoteId = (await record(orderId, itemId, { properties: [property(5)] })).json().search.record
      .quote_id as number;
    expect((await loadQuote(session, quoteId)).statusCode).toBe(200);
    const cart = await getCart(t.app, session);
    expect(cart.total).toBe(2076);
    const removed = await deleteItem(t.app, session, cart.items[0]?.id as number);
    expect(removed.status).toBe(200);
    expect(removed.body.config.cart).toMatchObject({ items: [], total: 0 });
    const after = (await adminSend(t.app, agent, { url: `/admin/api/orders/${orderId}/located` })).json();
    expect(after.searches[0].record.quote_status).toBe('cancelled');
  });

  it('no properties found: the customer is told by mail, no quote, nothing more charged', async () => {
    const { session, customer } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(
      session,
      qpForm({
        nombre_persona: '',
        opcion_persona: false,
        opcion_empresa: true,
        nombre_empresa: 'Inversiones Sol SL',
        dni: 'B12345674',
      }),
    );
    const none = await record(orderId, itemId, { properties: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().search).toMatchObject({
      located_product_id: 18347,
      record: { quote_id: null, quote_status: 'none', properties: [] },
    });
    const mails = await t.app.db.select().from(mailMessages).where(eq(mailMessages.to, customer.email));
    const mail = mails.find((m) => m.subject.startsWith('Resultado de tu búsqueda'));
    expect(mail?.text).toContain('Inversiones Sol SL');
    expect(mail?.text).toContain('No se te cobrará nada más');
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.located_none'))),
    ).toHaveLength(1);
    expect((await record(orderId, itemId, { properties: [] })).statusCode).toBe(200);
  });

  it("never puts an unknown Host header in the mail's link (the store's homepage instead)", async () => {
    const { session, customer } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(session);
    const response = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${itemId}/located`,
      headers: { host: 'evil.example' },
      payload: { properties: [property(9)] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quoteId = response.json().search.record.quote_id;
    const texts = (await t.app.db.select().from(mailMessages).where(eq(mailMessages.to, customer.email))).map(
      (m) => m.text,
    );
    const located = texts.find((text) => text.includes(`/payment/quote/${quoteId}`)) ?? '';
    expect(located).not.toContain('evil.example');
    expect(located).toMatch(new RegExp(`https?://[^/\\s]+/app/payment/quote/${quoteId}\\?store_id=14`));
  });

  it('refuses bad input with 400, unknown ids with 404, a non-search or unpaid order with 409', async () => {
    const { session } = await loggedInSession(t);
    const { orderId, itemId } = await paidSearch(session);
    for (const body of [
      {},
      { properties: 'x' },
      { properties: [{}] },
      { properties: [{ ...property(1), finca: '' }] },
      { properties: [{ ...property(1), titular: 'x'.repeat(201) }] },
      { properties: Array.from({ length: 51 }, (_, i) => property(i)) },
      { properties: [{ ...property(1), municipio: 5 }] },
    ]) {
      const response = await record(orderId, itemId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await record(orderId, 'abc', { properties: [] })).statusCode).toBe(400);
    expect((await record('abc', itemId, { properties: [] })).statusCode).toBe(400);
    expect((await record('1499999999', itemId, { properties: [] })).statusCode).toBe(404);
    expect((await record(orderId, 999999, { properties: [] })).statusCode).toBe(404);
    expect((await adminSend(t.app, agent, { url: '/admin/api/orders/1499999999/located' })).statusCode).toBe(
      404,
    );

    const ns = await insertOrder(t.app.db, { productId: 15867, email: uniqueEmail() });
    expect((await record(ns.id, ns.itemId, { properties: [] })).statusCode).toBe(409);
    expect((await adminSend(t.app, agent, { url: `/admin/api/orders/${ns.id}/located` })).json()).toEqual({
      ok: true,
      searches: [],
    });
    const unpaid = await insertOrder(t.app.db, { productId: 18357, paid: false, form: qpForm() });
    expect((await record(unpaid.id, unpaid.itemId, { properties: [property(1)] })).statusCode).toBe(409);

    // Without an operator's session, or without the CSRF header: refused.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${itemId}/located`,
      payload: { properties: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${itemId}/located`,
      payload: { properties: [] },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await t.app.db.select().from(locatedResults).where(eq(locatedResults.orderId, orderId))).toEqual(
      [],
    );
  });
});
