import {
  FollowupItemAnswerSchema,
  PedidosOrOneAnswerSchema,
  ReorderAnswerSchema,
  UpdatePedidoAnswerSchema,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';
import { buildTestApp, send, storedSession, type TestApp, type TestSession } from '../../testing/app.ts';
import { getCart, nsForm, qpForm } from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertEarlyCheckoutOrder } from '../../testing/early-checkout.ts';
import { insertOrder } from '../../testing/orders.ts';

const DAY_MS = 86_400_000;
const API = '/desktopapp/rest';

describe.each(testDatabaseKinds())('order follow-ups (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const sessionOf = (customerId: number | null, storeId = 14) => storedSession(t, { customerId, storeId });
  const get = (session: TestSession, url: string) => send(t.app, session, { url: `${API}/${url}` });
  const post = (session: TestSession, url: string, payload: object) =>
    send(t.app, session, { method: 'POST', url: `${API}/${url}`, payload });
  const db = () => t.database.db;

  it('loadorder puts the order items in the cart again, at today’s price; another customer gets 404', async () => {
    const a = await insertOrder(db(), { productId: 15867, form: nsForm() });
    await db().insert(orderItems).values({
      orderId: a.id,
      productId: 18357,
      productName: 'Conocer propiedades',
      form: qpForm(),
      priceCents: 1200,
    });
    const session = await sessionOf(a.customerId);
    const response = await get(session, `loadorder?id=${a.id}`);
    expect(response.statusCode).toBe(200);
    const body = ReorderAnswerSchema.parse(response.json());
    expect(body.added).toHaveLength(2);
    expect(body.skipped).toEqual([]);
    const cart = await getCart(t.app, session);
    expect(cart.items.map((item) => item.product_id)).toEqual([15867, 18357]);
    expect(cart.items[0]?.options.find((o) => o.option_id === 80)?.value).toBe('Calle Mayor 1, 2º B');
    expect(cart.total).toBe(2076 + 1200);

    const b = await insertOrder(db());
    const other = await sessionOf(b.customerId);
    expect((await get(other, `loadorder?id=${a.id}`)).statusCode).toBe(404);
    expect((await getCart(t.app, other)).items).toEqual([]);
    expect((await get(await sessionOf(null), `loadorder?id=${a.id}`)).statusCode).toBe(401);
    expect((await get(session, `loadorder?id=${a.id}`)).statusCode).toBe(200);
    expect(
      (await send(t.app, session, { url: `${API}/loadorder?id=${a.id}`, formKey: false })).statusCode,
    ).toBe(403);
    for (const bad of ['abc', '42', '', `${a.id}'--`]) {
      expect((await get(session, `loadorder?id=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
  });

  it('loadorder skips what can no longer be ordered as it was', async () => {
    const a = await insertOrder(db(), { productId: 15867, form: { direccion: '' } });
    const body = ReorderAnswerSchema.parse(
      (await get(await sessionOf(a.customerId), `loadorder?id=${a.id}`)).json(),
    );
    expect(body.added).toEqual([]);
    expect(body.skipped).toEqual([{ id: a.itemId, product_name: 'Nota Simple', reason: 'invalid' }]);
  });

  it("loadquote makes the customer's open quote the cart, orders an ordered one again, 404 for others", async () => {
    const a = await insertOrder(db(), { productId: 15867, form: nsForm() });
    const [open] = await db().insert(quotes).values({ storeId: 14, customerId: a.customerId }).returning();
    if (!open) throw new Error('no quote');
    await db()
      .insert(quoteItems)
      .values({ quoteId: open.id, productId: 15867, form: nsForm({ nombre: 'Luis' }), priceCents: 2076 });
    const session = await sessionOf(a.customerId);
    const loaded = ReorderAnswerSchema.parse((await get(session, `loadquote?id=${open.id}`)).json());
    expect(loaded.added).toHaveLength(1);
    expect(loaded.config.cart.quote_id).toBe(open.id);

    const [ordered] = await db().select().from(orders).where(eq(orders.id, a.id));
    const again = await sessionOf(a.customerId);
    const copy = ReorderAnswerSchema.parse((await get(again, `loadquote?id=${ordered?.quoteId}`)).json());
    expect(copy.added).toHaveLength(1);
    expect(copy.config.cart.quote_id).not.toBe(ordered?.quoteId);

    const b = await insertOrder(db());
    expect((await get(await sessionOf(b.customerId), `loadquote?id=${open.id}`)).statusCode).toBe(404);
    expect((await get(session, 'loadquote?id=0')).statusCode).toBe(400);
  });

  it('the Nota Simple update is offered after 60 days: addactualizarnsahora and updatepedidoNS', async () => {
    const old = await insertOrder(db(), {
      productId: 15867,
      form: nsForm(),
      createdAt: new Date(Date.now() - 61 * DAY_MS),
    });
    const recent = await insertOrder(db(), { productId: 15867, form: nsForm(), email: old.email });
    const session = await sessionOf(old.customerId);
    const form = (orderId: string, itemId: number) => ({ form: { order_id: orderId, item_id: itemId } });

    const early = await post(session, 'addactualizarnsahora', form(recent.id, recent.itemId));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('60 días');

    const now = await post(session, 'addactualizarnsahora', form(old.id, old.itemId));
    expect(now.statusCode).toBe(200);
    const added = FollowupItemAnswerSchema.parse(now.json());
    expect(added.item.product_id).toBe(15867);
    expect(added.item.current_price).toBe(2076);

    const data = {
      nombre: '',
      direccion: 'Calle Nueva 5',
      municipio: 'Toledo',
      provincia: 'Toledo',
      otros_datos: 'Finca 77',
    };
    const edited = await post(session, `updatepedidoNS?id=${old.itemId}`, { data });
    expect(edited.statusCode).toBe(200);
    const item = FollowupItemAnswerSchema.parse(edited.json()).item;
    expect(item.options.find((o) => o.option_id === 80)?.value).toBe('Calle Nueva 5');
    expect(item.options.some((o) => o.option_id === 77)).toBe(false);
    expect((await getCart(t.app, session)).items).toHaveLength(2);
    // The old order is history: never changed.
    const [kept] = await db().select().from(orderItems).where(eq(orderItems.id, old.itemId));
    expect((kept?.form as { direccion?: string } | undefined)?.direccion).toBe('Calle Mayor 1, 2º B');

    expect((await post(session, `updatepedidoNS?id=${recent.itemId}`, { data })).statusCode).toBe(409);
    expect(
      (await post(session, `updatepedidoNS?id=${old.itemId}`, { data: { ...data, municipio: '' } }))
        .statusCode,
    ).toBe(400);
    const other = await sessionOf((await insertOrder(db())).customerId);
    expect((await post(other, `updatepedidoNS?id=${old.itemId}`, { data })).statusCode).toBe(404);
    expect((await post(other, 'addactualizarnsahora', form(old.id, old.itemId))).statusCode).toBe(404);
  });

  it('addactualizarpedidoahora adds the item again; unpaid orders, other orders and other customers are refused', async () => {
    const paid = await insertEarlyCheckoutOrder(db());
    const unpaid = await insertEarlyCheckoutOrder(db(), { email: paid.email, paid: false });
    const ns = await insertOrder(db(), { productId: 15867, form: nsForm(), email: paid.email });
    const session = await sessionOf(paid.customerId);
    const form = (orderId: string, itemId: number) => ({ form: { order_id: orderId, item_id: itemId } });
    const ok = await post(session, 'addactualizarpedidoahora', form(paid.id, paid.itemId));
    expect(ok.statusCode).toBe(200);
    const item = FollowupItemAnswerSchema.parse(ok.json()).item;
    expect(item.product_id).toBe(18346);
    expect(item.options.find((o) => o.option_id === 2489)?.value).toBe('600123123');
    // A Nota Simple is requested again through its update, after 60 days.
    expect((await post(session, 'addactualizarpedidoahora', form(ns.id, ns.itemId))).statusCode).toBe(409);
    expect((await post(session, 'addactualizarpedidoahora', form(unpaid.id, unpaid.itemId))).statusCode).toBe(
      409,
    );
    expect((await post(session, 'addactualizarpedidoahora', form(unpaid.id, paid.itemId))).statusCode).toBe(
      404,
    );
    const other = await sessionOf((await insertOrder(db())).customerId);
    expect((await post(other, 'addactualizarpedidoahora', form(paid.id, paid.itemId))).statusCode).toBe(404);
    expect(
      (await post(session, 'addactualizarpedidoahora', { form: { order_id: 'x', item_id: 1 } })).statusCode,
    ).toBe(400);
    expect((await post(session, 'addactualizarpedidoahora', {})).statusCode).toBe(400);
  });

  it('an early-checkout item is pending until finalized with updatepedido; the price cannot change', async () => {
    const a = await insertEarlyCheckoutOrder(db());
    const session = await sessionOf(a.customerId);
    const one = PedidosOrOneAnswerSchema.parse(
      (await get(session, `pedidos?id=${a.id}&toFinalize=1`)).json(),
    );
    expect(one.pedidos[0]?.items[0]?.pendingTramitation).toBe(true);
    expect(one.pedidos[0]?.items[0]?.status_label).toBe('Pendiente de tramitar');

    const missing = await post(session, `updatepedido?id=${a.itemId}`, {
      options: [{ option_id: 2486, value: '31/02/2020' }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'options.0.value', message: expect.any(String) });
    expect(
      (await post(session, `updatepedido?id=${a.itemId}`, { options: [{ option_id: 9999, value: 'x' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(session, `updatepedido?id=${a.itemId}`, { options: [{ option_id: 2488, value: '1' }] }))
        .statusCode,
    ).toBe(400);

    const answers = [
      { option_id: 2483, value: 'Banco Uno' },
      { option_id: 2484, value: 'Toledo' },
      { option_id: 2485, value: 'Calle Mayor 1' },
      { option_id: 2486, value: '12/03/2021' },
    ];
    const other = await sessionOf((await insertOrder(db())).customerId);
    expect((await post(other, `updatepedido?id=${a.itemId}`, { options: answers })).statusCode).toBe(404);
    const done = await post(session, `updatepedido?id=${a.itemId}`, { options: answers });
    expect(done.statusCode).toBe(200);
    const pedido = UpdatePedidoAnswerSchema.parse(done.json()).pedido;
    expect(pedido.items[0]?.pendingTramitation).toBe(false);
    expect(pedido.items[0]?.options?.find((o) => o.option_id === 2483)?.value).toBe('Banco Uno');
    // The operator's history of the order shows the customer's change.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'order.item_answers')));
    expect(audit?.actor).toBe(`customer:${a.email}`);
    expect(audit?.operatorId).toBeNull();

    // Being worked on: no more changes.
    await db()
      .update(orders)
      .set({ status: 'complete_in_progress', panelStatusId: 30 })
      .where(eq(orders.id, a.id));
    const late = await post(session, `updatepedido?id=${a.itemId}`, { options: answers });
    expect(late.statusCode).toBe(409);
    // A fixed product is never changed here.
    const ns = await insertOrder(db(), { productId: 15867, form: nsForm(), email: a.email });
    expect((await post(session, `updatepedido?id=${ns.itemId}`, { options: answers })).statusCode).toBe(403);
  });

  it('bad input never answers 5xx (logged in, every follow-up call)', async () => {
    const a = await insertOrder(db(), { productId: 15867, form: nsForm() });
    const session = await sessionOf(a.customerId);
    const ids = ['0', '-1', '1e3', '99999999999999999999', 'x\u0000', '%00', '1.5', `${a.itemId}`];
    const statuses: number[] = [];
    for (const id of ids) {
      const q = encodeURIComponent(id);
      statuses.push((await get(session, `loadorder?id=${q}`)).statusCode);
      statuses.push((await get(session, `loadquote?id=${q}`)).statusCode);
      statuses.push(
        (await post(session, `updatepedido?id=${q}`, { options: [{ option_id: 1, value: 'x' }] })).statusCode,
      );
      statuses.push(
        (
          await post(session, `updatepedidoNS?id=${q}`, {
            data: { direccion: 'x', municipio: 'y', provincia: 'z' },
          })
        ).statusCode,
      );
    }
    for (const body of [
      {},
      { form: null },
      { form: { order_id: a.id, item_id: 'x'.repeat(10_000) } },
      { form: { order_id: { $ne: 1 }, item_id: [1] } },
      { form: { order_id: a.id, item_id: 2 ** 53 } },
      { options: 'x' },
      { options: [{ option_id: 2 ** 40, value: '\u0000' }] },
      { data: { direccion: '\ud800', municipio: 'm', provincia: 'p' } },
      { data: [] },
    ]) {
      for (const path of ['addactualizarpedidoahora', 'addactualizarnsahora']) {
        statuses.push((await post(session, path, body)).statusCode);
      }
      statuses.push((await post(session, `updatepedido?id=${a.itemId}`, body)).statusCode);
      statuses.push((await post(session, `updatepedidoNS?id=${a.itemId}`, body)).statusCode);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(30);
  });
});
