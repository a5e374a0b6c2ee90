import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder, insertResultFile } from '../../testing/orders.ts';

describe.each(testDatabaseKinds())('back-office order queue, detail and transitions (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    agent = await signedInOperator(t.app, 'agent');
  });
  afterAll(async () => {
    await t?.close();
  });

  const queue = async (query: string) => {
    const response = await adminSend(t.app, agent, { url: `/admin/api/orders${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      rows: { id: string; holder: string; paid: boolean; waiting_seconds: number }[];
      more: boolean;
    };
  };

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/admin/api/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/api/orders/1400000001' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/api/orders/1400000001/transition',
          payload: { to: 'in_progress' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists open orders oldest first, filters and searches', async () => {
    const hour = 3600_000;
    const oldCreatedAt = new Date(Date.now() - 48 * hour);
    const old = await insertOrder(t.app.db, {
      createdAt: oldCreatedAt,
      form: { nombre: 'Zoe Quintana', dni: '00000000T' },
    });
    const recent = await insertOrder(t.app.db, { storeId: 16, createdAt: new Date(Date.now() - 2 * hour) });
    const unpaid = await insertOrder(t.app.db, { paid: false, createdAt: new Date(Date.now() - 30 * hour) });

    const open = await queue('');
    const ids = open.rows.map((r) => r.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(recent.id));
    expect(ids).not.toContain(unpaid.id);
    expect(open.rows.find((r) => r.id === old.id)).toMatchObject({ holder: 'Zoe Quintana', paid: true });
    expect(open.rows.find((r) => r.id === old.id)?.waiting_seconds).toBeGreaterThan(47 * 3600);

    expect((await queue('?store=16')).rows.map((r) => r.id)).toEqual([recent.id]);
    expect((await queue('?status=all&paid=unpaid')).rows.map((r) => r.id)).toContain(unpaid.id);
    expect((await queue('?status=all&paid=paid')).rows.map((r) => r.id)).not.toContain(unpaid.id);
    expect((await queue('?status=pending_payment')).rows.map((r) => r.id)).toEqual([unpaid.id]);
    expect((await queue(`?q=${old.id}`)).rows.map((r) => r.id)).toEqual([old.id]);
    expect((await queue(`?q=${encodeURIComponent(old.email.toUpperCase())}`)).rows.map((r) => r.id)).toEqual([
      old.id,
    ]);
    expect((await queue('?q=quintana')).rows.map((r) => r.id)).toEqual([old.id]);
    expect((await queue('?q=00000000T')).rows.map((r) => r.id)).toEqual([old.id]);
    expect((await queue('?q=100%25')).rows).toEqual([]);
    expect((await queue(`?product=${old.productId}&status=all`)).rows.map((r) => r.id)).toContain(old.id);
    // The filter's days are Madrid's (the operators' day, order-queue-filters.ts): the order's day there,
    // which is not its UTC day between 22:00 and 24:00 UTC.
    const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/Madrid' });
    const twoDaysAgo = day(oldCreatedAt);
    expect((await queue(`?to=${twoDaysAgo}&from=${twoDaysAgo}&status=all`)).rows.map((r) => r.id)).toContain(
      old.id,
    );

    const bad = await adminSend(t.app, agent, { url: '/admin/api/orders?status=nope&from=2024-13-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows one order: answers, payments, version, allowed moves; 404 for an unknown one', async () => {
    const order = await insertOrder(t.app.db, {
      form: { nombre: 'Ana', dni: '12345678Z', direccion: 'Sol 3' },
    });
    const response = await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json().order;
    expect(detail).toMatchObject({
      id: order.id,
      status: 'complete_pending',
      paid: true,
      email: order.email,
    });
    expect(detail.items[0]).toMatchObject({
      form: { nombre: 'Ana', dni: '12345678Z' },
      product_version: order.productVersion,
    });
    expect(detail.payments[0]).toMatchObject({ status: 'paid', attempt: 1 });
    expect(detail.allowed).toEqual(expect.arrayContaining(['complete_in_progress', 'complete_incident']));
    expect(detail.allowed).not.toContain('complete_ready');
    expect((await adminSend(t.app, agent, { url: '/admin/api/orders/1499999999' })).statusCode).toBe(404);
  });

  it('moves an order through the panel statuses, each move audited; the state machine refuses the rest', async () => {
    const order = await insertOrder(t.app.db);
    const move = (to: string, message?: string) =>
      adminSend(t.app, agent, {
        method: 'POST',
        url: `/admin/api/orders/${order.id}/transition`,
        payload: message === undefined ? { to } : { to, message },
      });
    const auditRows = () =>
      t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)))
        .orderBy(desc(auditLog.id));

    const inProgress = await move('in_progress');
    expect(inProgress.json()).toEqual({ ok: true, status: 'complete_in_progress', panel_status_id: 30 });
    expect((await auditRows())[0]).toMatchObject({
      actor: agent.email,
      action: 'order.in_progress',
      data: {
        before: { status: 'complete_pending', panel_status_id: 10 },
        after: { status: 'complete_in_progress', panel_status_id: 30 },
      },
    });

    expect((await move('incident')).statusCode).toBe(400);
    const incident = await move('incident', 'La dirección no existe: indique la referencia catastral.');
    expect(incident.json()).toMatchObject({ status: 'complete_incident', panel_status_id: 60 });
    expect((await auditRows())[0]?.data).toMatchObject({
      message: 'La dirección no existe: indique la referencia catastral.',
    });

    // Ready needs the result document of every item.
    const refused = await move('ready');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/documento/);
    await insertResultFile(t.app.db, order.id, order.itemId);
    expect((await move('ready')).json()).toMatchObject({ status: 'complete_ready', panel_status_id: 110 });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'complete_ready', panelStatusId: 110 });
    const [item] = await t.app.db.select().from(orderItems).where(eq(orderItems.id, order.itemId));
    expect(item?.panelStatusId).toBe(110);

    // Same status again: refused, nothing written.
    const before = (await auditRows()).length;
    expect((await move('ready')).statusCode).toBe(409);
    expect((await auditRows()).length).toBe(before);
    expect((await auditRows()).map((r) => r.action)).toEqual([
      'order.ready',
      'order.incident',
      'order.in_progress',
    ]);

    // An unpaid order cannot be worked on.
    const unpaid = await insertOrder(t.app.db, { paid: false });
    const unpaidMove = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${unpaid.id}/transition`,
      payload: { to: 'in_progress' },
    });
    expect(unpaidMove.statusCode).toBe(409);

    // The detail's history shows the moves.
    const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}` })).json().order;
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'order.ready',
      'order.incident',
      'order.in_progress',
    ]);
  });

  it('needs the CSRF token to move an order', async () => {
    const order = await insertOrder(t.app.db);
    const response = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/transition`,
      payload: { to: 'in_progress' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});
