import { PedidosOrOneAnswerSchema } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentForms, orders } from '../../db/schema/index.ts';
import { buildTestApp, send, storedSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder, insertResultFile } from '../../testing/orders.ts';
import { SYSTEM_ACTOR } from '../admin/audit.ts';
import { openIncident } from '../incidents/incidents.service.ts';
import { changeOrderStatus, lockOrder } from './order-status.ts';

describe.each(testDatabaseKinds())('the orders page: timeline and rows (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 240_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  const pedidosOf = async (customerId: number) => {
    const session = await storedSession(t, { customerId, storeId: 14 });
    const response = await send(t.app, session, { method: 'GET', url: '/desktopapp/rest/pedidos' });
    expect(response.statusCode).toBe(200);
    return PedidosOrOneAnswerSchema.parse(response.json()).pedidos;
  };

  async function move(orderId: string, to: Parameters<typeof changeOrderStatus>[2]['to'], panel?: number) {
    await db().transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new Error('no order');
      const result = await changeOrderStatus(tx, order, {
        to,
        actor: SYSTEM_ACTOR,
        action: `order.${to}`,
        ...(panel === undefined ? {} : { panelStatusId: panel }),
        context: { paid: true, creditNoteIssued: false, documentAttached: true },
      });
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
    });
  }

  it('tells each event of an order with its time: received, paid, sent, incident and answer, issued, delivered', async () => {
    const order = await insertOrder(db(), { paid: false });
    await move(order.id, 'complete_pending', 10);
    await move(order.id, 'complete_in_progress', 30);
    await move(order.id, 'complete_incident', 60);
    const formId = await openIncident(db(), SYSTEM_ACTOR, { id: order.id }, 'Falta el DNI');
    await db().update(incidentForms).set({ answeredAt: new Date() }).where(eq(incidentForms.id, formId));
    await move(order.id, 'complete_in_progress', 30);
    await insertResultFile(db(), order.id, order.itemId);
    await move(order.id, 'complete_ready', 110);

    const [pedido] = await pedidosOf(order.customerId);
    const timeline = pedido?.timeline ?? [];
    expect(timeline.map((event) => event.kind)).toEqual([
      'received',
      'paid',
      'sent_to_registry',
      'incident',
      'incident_answered',
      'issued',
      'delivered',
    ]);
    expect(timeline.find((event) => event.kind === 'incident')?.incident_id).toBe(formId);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(timeline[0]?.at).toBe(row?.createdAt.toISOString());
    for (const event of timeline) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
  });

  it('an unpaid order has only been received', async () => {
    const order = await insertOrder(db(), { paid: false });
    const [pedido] = await pedidosOf(order.customerId);
    expect(pedido?.timeline?.map((event) => event.kind)).toEqual(['received']);
  });

  it("a properties search row shows the number of properties the form stores (num_propiedades); old rows' num_fincas still reads", async () => {
    const search = await insertOrder(db(), {
      productId: 18357,
      form: { nombre_persona: 'Luis Gómez', dni: '12345678Z', num_propiedades: '25' },
    });
    const old = await insertOrder(db(), {
      email: search.email,
      productId: 18357,
      form: { nombre_persona: 'Luis Gómez', num_fincas: 3 },
    });
    const all = await insertOrder(db(), {
      email: search.email,
      productId: 18357,
      form: { nombre_persona: 'Luis Gómez', num_propiedades: 'all' },
    });
    const rows = await pedidosOf(search.customerId);
    const properties = (orderId: string) =>
      rows.find((p) => p.order_id === orderId)?.items[0]?.lines.find((l) => l.key === 'properties')?.value;
    expect(properties(search.id)).toBe('25');
    expect(properties(old.id)).toBe('3');
    expect(properties(all.id)).toBe('all');
  });
});
