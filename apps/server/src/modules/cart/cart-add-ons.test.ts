import { GenericFormSchema, genericPrice, type PedidoItem, type ProductDefinition } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderItems, quoteItems } from '../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { deleteItem, genericForm, getCart, postCart } from '../../testing/cart.ts';
import { loggedInSession } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

/** Notarial deed (18458), a sale deed whose notary and protocol are known: the Nota Simple is offered. */
const deed = (type = '6301'): [number, string, string][] => [
  [2301, 'drop_down', type],
  [2302, 'radio', '6308'],
  [2303, 'municipio', 'Madrid'],
  [1655, 'radio', '4324'],
  [2304, 'field', 'Notaría Ejemplo'],
  [2305, 'field', '1234'],
];
const withNotaSimple = (type = '6301') => genericForm(18458, deed(type), { related_product_ids: [15867] });
const API = '/desktopapp/rest';

describe.each(testDatabaseKinds())('related products as their own lines (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const rowsOf = (quoteId: number) =>
    t.database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId)).orderBy(quoteItems.id);

  async function addDeed(session?: TestSession) {
    const s = session ?? (await newSession(t.app, { store_id: '14' }));
    const added = await postCart(t.app, s, 'addgeneric', { config: s.config, form: withNotaSimple() });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return { session: s, itemId: added.body.item.id };
  }

  it('adding the deed with the Nota Simple gives two quote items: the add-on a child line at its own price', async () => {
    const { session, itemId } = await addDeed();
    const cart = await getCart(t.app, session);
    expect(cart.items).toHaveLength(1);
    const [main] = cart.items;
    expect(main).toMatchObject({ id: itemId, product_id: 18458, current_price: 5900, editable: true });
    expect(main?.childs).toHaveLength(1);
    expect(main?.childs[0]).toMatchObject({
      product_id: 15867,
      parent_id: itemId,
      current_price: 2076,
      editable: false,
    });
    expect(cart.total).toBe(5900 + 2076);
    // The one price function gives the same total from the same form.
    const definition = (await t.app.catalog.snapshot()).products.get(18458)?.definition as ProductDefinition;
    expect(genericPrice(definition, GenericFormSchema.parse(withNotaSimple()))).toBe(cart.total);
    const rows = await rowsOf(cart.quote_id as number);
    expect(rows.map((row) => [row.productId, row.parentId, row.priceCents])).toEqual([
      [18458, null, 5900],
      [15867, itemId, 2076],
    ]);
  });

  it('editing the deed keeps one add-on line while ticked and drops it when unticked; removing the deed removes it', async () => {
    const { session, itemId } = await addDeed();
    const update = (form: Record<string, unknown>) =>
      postCart(t.app, session, `updatequoteitem?id=${itemId}`, { config: session.config, form });
    expect((await update(withNotaSimple('6302'))).status).toBe(200);
    let cart = await getCart(t.app, session);
    expect(cart.items[0]?.childs.map((child) => child.product_id)).toEqual([15867]);
    expect(cart.total).toBe(5900 + 2076);

    expect((await update(genericForm(18458, deed('6302')))).status).toBe(200);
    cart = await getCart(t.app, session);
    expect(cart.items[0]?.childs).toEqual([]);
    expect(cart.total).toBe(5900);

    expect((await update(withNotaSimple())).status).toBe(200);
    expect((await deleteItem(t.app, session, itemId)).status).toBe(200);
    cart = await getCart(t.app, session);
    expect(cart.items).toEqual([]);
    expect(await rowsOf(cart.quote_id ?? -1)).toEqual([]);
  });

  it('the add-on line is not edited on its own; removed alone, the deed stops naming it', async () => {
    const { session, itemId } = await addDeed();
    const child = (await getCart(t.app, session)).items[0]?.childs[0];
    const edit = await postCart(t.app, session, `updatequoteitem?id=${child?.id}`, {
      config: session.config,
      form: withNotaSimple(),
    });
    expect(edit.status).toBe(403);
    expect((await deleteItem(t.app, session, child?.id ?? 0)).status).toBe(200);
    const [main] = (await getCart(t.app, session)).items;
    expect(main).toMatchObject({ id: itemId, current_price: 5900, childs: [] });
    expect(main?.form.related_product_ids).toEqual([]);
  });

  it('the order has both items and the invoice both lines, the Nota Simple’s registry fee outside the VAT base as when bought alone', async () => {
    const { session } = await loggedInSession(t);
    await addDeed(session);
    await postCart(t.app, session, 'addns', {
      config: session.config,
      form: {
        quiere_una_ns: true,
        provincia: 'Madrid',
        municipio: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    });
    const paid = await send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutAuthenticated`,
      payload: {
        config: session.config,
        form: { type: 'cc', num: '4242424242424242', month: '7', year: '2031', cvc: '123' },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().order_id as string;
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const [deedItem] = items;
    expect(items.map((item) => [item.productId, item.parentId, item.priceCents])).toEqual([
      [18458, null, 5900],
      [15867, deedItem?.id, 2076],
      [15867, null, 2076],
    ]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.totalCents).toBe(5900 + 2076 + 2076);
    const [deedLine, addOnLine, aloneLine] = invoice?.lines ?? [];
    expect(deedLine).toMatchObject({ totalCents: 5900, officialFeeCents: 0 });
    // The add-on's line is the Nota Simple bought alone, line for line: 10,91 € of registry fee outside VAT.
    expect(addOnLine).toMatchObject({ description: 'Nota Simple', totalCents: 2076, officialFeeCents: 1091 });
    expect(addOnLine).toEqual(aloneLine);
    expect((addOnLine?.baseCents ?? 0) + (addOnLine?.vatCents ?? 0)).toBe(2076 - 1091);

    // The customer's orders: the Nota Simple under the deed, not counted as a located property.
    const pedidos = await send(t.app, session, { url: `${API}/pedidos`, formKey: false });
    expect(pedidos.statusCode).toBe(200);
    const order = (pedidos.json().pedidos as { order_id: string; items: PedidoItem[] }[]).find(
      (p) => p.order_id === orderId,
    );
    const deedRow = order?.items.find((item) => item.product_id === 18458);
    expect(deedRow?.childs.map((child) => [child.product_id, child.price])).toEqual([[15867, 2076]]);
    expect(deedRow?.lines.map((line) => line.key)).not.toContain('properties');
  });
});
