import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.ts';
import { buildTestApp, send, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, ownerSession } from '../../testing/orders.ts';
import { orderSummaryHtml } from './order-lines.ts';
import { startPayment } from './payment-start.ts';

const NBSP = '\u00a0';

describe('orderSummaryHtml', () => {
  it('lists each line (an add-on under its service), the split and the total, escaped, in the language', () => {
    const html = orderSummaryHtml({
      lines: [
        {
          id: 1,
          parent_id: null,
          product_id: 15867,
          name: 'Nota <Simple>',
          qty: 1,
          price: 2076,
          official_fee: 1091,
        },
        { id: 2, parent_id: 1, product_id: 18505, name: 'Urgente', qty: 1, price: 500, official_fee: 0 },
      ],
      total: 2576,
      vatRateBp: 2100,
      language: 'pt',
    });
    expect(html).toContain('<summary>Resumo da sua encomenda: <strong>25,76');
    expect(html).toContain('Nota &lt;Simple&gt;');
    expect(html).toContain(`<li class="add-on"><span>Complemento: Urgente</span><span>5${NBSP}€</span></li>`);
    // 25,76 - 10,91 = 14,85 € service with VAT: 12,27 € + 2,58 €.
    expect(html).toContain(`10,91${NBSP}€`);
    expect(html).toContain(`12,27${NBSP}€`);
    expect(html).toContain(`2,58${NBSP}€`);
  });
});

describe.each(testDatabaseKinds())('the order on the gateway pages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  /** A Nota Simple order with a 5 € add-on line under it. */
  async function orderWithAddOn() {
    const order = await createTestOrder(db());
    const [parent] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    await db().insert(orderItems).values({
      orderId: order.orderId,
      productId: 15867,
      productName: 'Envío urgente',
      priceCents: 500,
      parentId: parent?.id,
    });
    await db()
      .update(orders)
      .set({ totalCents: order.totalCents + 500 })
      .where(eq(orders.id, order.orderId));
    return order;
  }

  it('orderSummary/ gives each line its id, its parent and its official fee', async () => {
    const order = await orderWithAddOn();
    const session = await ownerSession(t, order);
    const response = await send(t.app, session, {
      url: `/desktopapp/rest/orderSummary/?order_id=${order.orderId}`,
    });
    const items = response.json().order.items as {
      name: string;
      parent_id: number | null;
      official_fee: number;
    }[];
    expect(items.map((i) => [i.name, i.parent_id === null, i.official_fee])).toEqual([
      ['Nota Simple', true, 1091],
      // A line cheaper than the catalogue's fee never claims more fee than its price.
      ['Envío urgente', false, 500],
    ]);
  });

  it('the sandbox Bizum page shows the order: its lines and the total with its split', async () => {
    const order = await orderWithAddOn();
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    const { next } = await startPayment(db(), t.app.gateways, {
      order: row,
      method: 'bizum',
      fields: {},
      baseUrl: '',
      language: 'es',
    });
    if (next.type !== 'redirect') throw new Error(`expected a page, got ${next.type}`);
    const page = await t.app.inject({ url: next.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<details class="order-summary"');
    expect(page.body).toContain('<summary>Resumen de tu pedido: <strong>25,76');
    expect(page.body).toContain('Complemento: Envío urgente');
    expect(page.body).toContain('Tasa oficial (suplido, sin IVA)');
  });

  it('paypal/standard/redirect/ shows the order while it hands over', async () => {
    const order = await createTestOrder(db());
    const session = await ownerSession(t, order);
    const html = await send(t.app, session, { url: `/paypal/standard/redirect/?order_id=${order.orderId}` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<summary>Resumen de tu pedido: <strong>20,76');
  });
});
