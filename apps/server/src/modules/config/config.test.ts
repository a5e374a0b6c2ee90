import { type Cart, CartSchema, RuntimeConfigSchema } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, products, quoteItems, quotes, sessions, stores } from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  storedSession,
  storedSessionIdOf,
  type TestApp,
  type TestSession,
} from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

describe.each(testDatabaseKinds())('GET config and GET cart (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A stored session holding an open (or other status) quote with items, as the cart module leaves it. */
  async function sessionWithQuote(status: 'open' | 'ordered' = 'open'): Promise<[TestSession, number]> {
    const db = t.database.db;
    const session = await storedSession(t);
    const sessionId = storedSessionIdOf(session.cookie) ?? '';
    const [quote] = await db.insert(quotes).values({ storeId: 14, sessionId, status }).returning();
    if (!quote) throw new Error('no quote');
    const option = {
      option_id: 1038,
      value: 'Ana Pérez',
      option_value: null,
      print_value: 'Ana Pérez',
      label: 'Nombre',
    };
    const [search] = await db
      .insert(quoteItems)
      .values({ quoteId: quote.id, productId: 18357, priceCents: 1200, options: [option] })
      .returning();
    await db.insert(quoteItems).values([
      { quoteId: quote.id, productId: 18324, parentId: search?.id, priceCents: 2076 },
      { quoteId: quote.id, productId: 18458, priceCents: 5900, qty: 2 },
    ]);
    await db.update(sessions).set({ quoteId: quote.id }).where(eq(sessions.id, sessionId));
    return [session, quote.id];
  }

  it('answers the runtime config of store 14 by default', async () => {
    const response = await t.app.inject({ url: '/desktopapp/rest/config' });
    expect(response.statusCode).toBe(200);
    const { ok, config } = response.json();
    expect(ok).toBe(true);
    expect(RuntimeConfigSchema.safeParse(config).success).toBe(true);
    expect(config).toMatchObject({
      store_id: 14,
      language: 'es',
      loggedIn: false,
      customerEmail: null,
      app_prefix: '/app',
      base_url: 'http://localhost:80',
      nsCopy: 'Recibir hoy antes de 4 horas laborables',
      payment_methods: ['cc', 'bizum', 'paypal', 'bank'],
      cart: { quote_id: null, items: [], total: 0 },
      version: '5.48.11',
      vat_rate_bp: 2100,
    });
  });

  it.each([
    [14, ['cc', 'bizum', 'paypal', 'bank']],
    [16, ['cc', 'multibanco', 'paypal', 'mbway']],
    [18, ['cc', 'paypal']],
  ])('lists the auto products and payment methods of store %i', async (storeId, methods) => {
    const { config } = await newSession(t.app, { store_id: String(storeId) });
    const expected = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.kind} = 'generic' and ${storeId} = any(${products.stores})`)
      .orderBy(products.id);
    expect(config.auto_products.map((p) => p.product_id)).toEqual(expected.map((p) => p.id));
    for (const product of config.auto_products) expect(product.stores).toContain(storeId);
    expect(config.payment_methods).toEqual(methods);
    // The stores table's VAT rate (DECISIONS.md: Portuguese 23 %, the others 21 %).
    expect(config.vat_rate_bp).toBe(storeId === 16 ? 2300 : 2100);
  });

  it('names the official channel: the country default, else the store setting official_channel', async () => {
    const channel = async (storeId: number) =>
      (await newSession(t.app, { store_id: String(storeId) })).config.official_channel;
    expect(await channel(14)).toEqual({
      name: 'registradores.org',
      url: 'https://www.registradores.org/',
      fee_cents: 1091,
    });
    expect(await channel(16)).toEqual({
      name: 'Predial Online',
      url: 'https://www.predialonline.pt/',
      fee_cents: 1500,
    });
    const own = { name: 'Sede electrónica', url: 'https://sede.example.es/', fee_cents: 902 };
    const setSetting = async (value: unknown) => {
      await t.database.db
        .update(stores)
        .set({ settings: sql`${stores.settings} || ${JSON.stringify({ official_channel: value })}::jsonb` })
        .where(eq(stores.id, 9));
      t.app.catalog.invalidate();
    };
    await setSetting(own);
    expect(await channel(9)).toEqual(own);
    // A setting that is not a channel (an http address, no fee) falls back to the default.
    await setSetting({ name: 'x', url: 'http://insecure.example/', fee_cents: 1 });
    expect((await channel(9))?.name).toBe('registradores.org');
  });

  it('lists the notarial deed among store 14’s auto products, with its flags', async () => {
    const { config } = await newSession(t.app);
    const deed = config.auto_products.find((p) => p.product_id === 18458);
    expect(deed).toMatchObject({ visible: true, price: 5900 });
    expect(deed?.visible_on_services).toContain(14);
    expect(config.auto_products.some((p) => p.product_id === 15867)).toBe(false);
  });

  it('reports the logged-in customer', async () => {
    const [customer] = await t.database.db
      .insert(customers)
      .values({ storeId: 14, email: `ana.${kind}@example.com` })
      .returning();
    const session = await storedSession(t, { customerId: customer?.id });
    const response = await t.app.inject({
      url: '/desktopapp/rest/config',
      headers: { cookie: session.cookie },
    });
    expect(response.json().config).toMatchObject({
      loggedIn: true,
      customerEmail: `ana.${kind}@example.com`,
    });
  });

  it('answers an empty cart for a new session', async () => {
    const session = await newSession(t.app);
    const response = await t.app.inject({
      url: '/desktopapp/rest/cart',
      headers: { cookie: session.cookie },
    });
    expect(response.json()).toMatchObject({ ok: true, cart: { quote_id: null, items: [], total: 0 } });
  });

  it('answers the open quote as the cart: items in order, children nested, total of every line', async () => {
    const [session, quoteId] = await sessionWithQuote();
    const response = await t.app.inject({
      url: '/desktopapp/rest/cart',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { cart, config } = response.json() as { cart: Cart; config: { cart: Cart } };
    expect(CartSchema.safeParse(cart).success).toBe(true);
    expect(config.cart).toEqual(cart);
    expect(cart.quote_id).toBe(quoteId);
    expect(cart.total).toBe(1200 + 2076 + 2 * 5900);
    expect(cart.items.map((i) => [i.product_id, i.childs.map((c) => c.product_id)])).toEqual([
      [18357, [18324]],
      [18458, []],
    ]);
    const [search, deed] = cart.items;
    expect(search).toMatchObject({
      quote_id: quoteId,
      order_id: null,
      qty: 1,
      current_price: 1200,
      editable: false,
      options: [{ option_id: 1038, value: 'Ana Pérez' }],
    });
    expect(search?.product_name).not.toBe('');
    expect(deed).toMatchObject({
      qty: 2,
      current_price: 11800,
      editable: true,
      product_name: 'Copia de escritura',
    });
    expect(new Date(deed?.created_at ?? '').toISOString()).toBe(deed?.created_at);
  });

  it('answers an empty cart once the quote was ordered', async () => {
    const [session] = await sessionWithQuote('ordered');
    const response = await t.app.inject({
      url: '/desktopapp/rest/config',
      headers: { cookie: session.cookie },
    });
    expect(response.json().config.cart).toEqual({ quote_id: null, items: [], total: 0 });
  });
});
