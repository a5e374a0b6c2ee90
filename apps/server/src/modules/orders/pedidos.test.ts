import { PedidosOrOneAnswerSchema } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.ts';
import { buildTestApp, send, storedSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder, insertResultFile } from '../../testing/orders.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';

describe.each(testDatabaseKinds())('GET pedidos (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const sessionOf = (customerId: number, storeId = 14) => storedSession(t, { customerId, storeId });
  const get = async (customerId: number | null, url: string, storeId = 14) => {
    const session =
      customerId === null ? await storedSession(t, { storeId }) : await sessionOf(customerId, storeId);
    return send(t.app, session, { method: 'GET', url: `/desktopapp/rest/${url}` });
  };

  it('shows the owner their orders with lines, labels, invoice and the ready document', async () => {
    const a = await insertOrder(t.database.db, {
      form: { nombre: 'María López', dni: '12345678Z', direccion: 'Calle Mayor 1', municipio: 'Toledo' },
    });
    const older = await insertOrder(t.database.db, {
      email: a.email,
      paid: false,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await t.database.db.update(orderItems).set({ panelStatusId: 110 }).where(eq(orderItems.id, a.itemId));
    await t.database.db.update(orders).set({ panelStatusId: 110 }).where(eq(orders.id, a.id));
    const file = await insertResultFile(t.database.db, a.id, a.itemId);
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, a.id));
    if (!orderRow) throw new Error('no order');
    await t.database.db.transaction((tx) => issueInvoice(tx, orderRow));

    const response = await get(a.customerId, 'pedidos');
    expect(response.statusCode).toBe(200);
    const body = PedidosOrOneAnswerSchema.parse(response.json());
    expect(body.pedidos.map((p) => p.order_id)).toEqual([a.id, older.id]);
    const [first, second] = body.pedidos;
    expect(first?.items[0]?.status_label).toBe('Listo');
    expect(first?.items[0]?.status_class).toBe('status-ready');
    expect(first?.items[0]?.header).toBe('María López');
    expect(first?.items[0]?.details).toBe('Calle Mayor 1, Toledo');
    const lines = Object.fromEntries((first?.items[0]?.lines ?? []).map((l) => [l.key, l.value]));
    expect(lines).toMatchObject({
      holder: 'María López',
      dni: '12345678Z',
      address: 'Calle Mayor 1',
      municipality: 'Toledo',
    });
    expect(lines.requestDate).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(first?.documents).toEqual([{ name: 'nota-simple.pdf', url: `/desktopapp/rest/file/${file?.id}` }]);
    expect(first?.facturas).toHaveLength(1);
    expect(first?.facturas[0]?.url).toBe(`/desktopapp/rest/invoice?order_id=${a.id}`);
    // The one invoice-number format (the PDF's): series, year, 6-digit correlative.
    expect(first?.facturas[0]?.name).toMatch(/^ES-\d{4}-\d{6}$/);
    expect(second?.status_label).toBe('Pendiente de Pago');
    expect(second?.documents).toEqual([]);

    const invoice = await get(a.customerId, `invoice?order_id=${a.id}`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');

    const one = await get(a.customerId, `pedidos?id=${a.id}&toFinalize=1`);
    expect(one.statusCode).toBe(200);
    const oneBody = PedidosOrOneAnswerSchema.parse(one.json());
    expect(oneBody.toFinalize).toBe(true);
    expect(oneBody.pedidos.map((p) => p.order_id)).toEqual([a.id]);
  });

  it('labels orders of store 16 in Portuguese and nests child items', async () => {
    const pt = await insertOrder(t.database.db, { storeId: 16 });
    const [parent] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, pt.itemId));
    if (!parent) throw new Error('no item');
    await t.database.db.insert(orderItems).values({
      orderId: pt.id,
      productId: parent.productId,
      productName: 'Finca localizada',
      parentId: parent.id,
      priceCents: 2076,
    });
    const response = await get(pt.customerId, `pedidos?id=${pt.id}`, 16);
    expect(response.statusCode).toBe(200);
    const [pedido] = PedidosOrOneAnswerSchema.parse(response.json()).pedidos;
    expect(pt.id.startsWith('16')).toBe(true);
    expect(pedido?.items).toHaveLength(1);
    expect(pedido?.items[0]?.status_label).toBe('Pendente de tramitação');
    expect(pedido?.items[0]?.childs.map((c) => c.product_name)).toEqual(['Finca localizada']);
  });

  it("answers 404 for another customer's order, 401 anonymous, 400 for bad ids", async () => {
    const a = await insertOrder(t.database.db);
    const b = await insertOrder(t.database.db);
    expect((await get(b.customerId, `pedidos?id=${a.id}`)).statusCode).toBe(404);
    expect((await get(b.customerId, `invoice?order_id=${a.id}`)).statusCode).toBe(404);
    const list = PedidosOrOneAnswerSchema.parse((await get(b.customerId, 'pedidos')).json());
    expect(list.pedidos.map((p) => p.order_id)).toEqual([b.id]);
    expect((await get(a.customerId, `pedidos?id=${a.id}`, 16)).statusCode).toBe(404);
    expect((await get(null, 'pedidos')).statusCode).toBe(401);
    expect((await get(null, `pedidos?id=${a.id}`)).statusCode).toBe(401);
    for (const bad of ['abc', '0', `1${'9'.repeat(20)}`, '14%27--', '']) {
      expect((await get(a.customerId, `pedidos?id=${bad}`)).statusCode).toBe(400);
    }
    expect((await get(a.customerId, `pedidos?id=${a.id}&toFinalize=2`)).statusCode).toBe(400);
  });
});
