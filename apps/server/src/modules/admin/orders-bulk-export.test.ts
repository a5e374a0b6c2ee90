import { PRODUCT_IDS } from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { nsForm } from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder, insertResultFile } from '../../testing/orders.ts';
import { csvText } from '../documents/csv.ts';
import { exportOrdersCsv } from './orders-export.service.ts';

describe.each(testDatabaseKinds())(
  'back office: bulk status changes, CSV export, the order as read (%s)',
  (kind) => {
    let t: TestApp;
    let agent: AdminClient;
    beforeAll(async () => {
      t = await buildTestApp(kind);
      agent = await signedInOperator(t.app, 'agent');
    });
    afterAll(async () => {
      await t?.close();
    });

    const bulk = (payload: Record<string, unknown>, csrf = true) =>
      adminSend(t.app, agent, { method: 'POST', url: '/admin/api/orders/bulk-transition', payload, csrf });

    it('moves each selected order it may, through the state machine, audited; the result per order', async () => {
      const a = await insertOrder(t.app.db);
      const b = await insertOrder(t.app.db);
      const unpaid = await insertOrder(t.app.db, { paid: false });
      const response = await bulk({ ids: [a.id, unpaid.id, b.id, '1499999998', a.id], to: 'in_progress' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        results: [
          { id: a.id, ok: true, status: 'complete_in_progress' },
          { id: unpaid.id, ok: false, status: 'pending_payment', reason: 'refused' },
          { id: b.id, ok: true, status: 'complete_in_progress' },
          { id: '1499999998', ok: false, status: null, reason: 'not_found' },
        ],
      });
      const [audit] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, a.id)))
        .orderBy(desc(auditLog.id));
      expect(audit).toMatchObject({
        actor: agent.email,
        action: 'order.in_progress',
        data: { after: { status: 'complete_in_progress' }, bulk: true },
      });
      const unpaidAudit = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, unpaid.id)));
      expect(unpaidAudit).toEqual([]);

      // Ready needs each order's result document: one has it, the other is told why not.
      await insertResultFile(t.app.db, a.id, a.itemId);
      const ready = (await bulk({ ids: [a.id, b.id], to: 'ready' })).json();
      expect(ready.results).toEqual([
        { id: a.id, ok: true, status: 'complete_ready' },
        { id: b.id, ok: false, status: 'complete_in_progress', reason: 'no_document' },
      ]);
    });

    it('refuses an incident, an empty or too large selection, and a call without the CSRF token', async () => {
      const a = await insertOrder(t.app.db);
      expect((await bulk({ ids: [a.id], to: 'incident' })).statusCode).toBe(400);
      expect((await bulk({ ids: [], to: 'pending' })).statusCode).toBe(400);
      const many = Array.from({ length: 101 }, (_, i) => String(1400000000 + i));
      expect((await bulk({ ids: many, to: 'pending' })).statusCode).toBe(400);
      expect((await bulk({ ids: [a.id], to: 'in_progress' }, false)).statusCode).toBe(403);
    });

    it('exports the filtered list as CSV, formulas neutralised, only to operators', async () => {
      const hostile = await insertOrder(t.app.db, {
        storeId: 15,
        form: { nombre: '=HYPERLINK("http://x.test","pulse")', dni: '12345678Z' },
      });
      const plain = await insertOrder(t.app.db, { storeId: 15, form: { nombre: 'Ana "la" Pérez; hija' } });
      await insertOrder(t.app.db, { storeId: 16 });
      expect((await t.app.inject({ url: '/admin/api/orders.csv' })).statusCode).toBe(401);
      expect((await adminSend(t.app, agent, { url: '/admin/api/orders.csv?status=nope' })).statusCode).toBe(
        400,
      );

      const response = await adminSend(t.app, agent, { url: '/admin/api/orders.csv?store=15&status=all' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Pedido;Fecha;Tienda;Estado;Pagado;Total (€);Correo;Titular;Productos');
      const rows = lines.slice(1).filter(Boolean);
      const ids = rows.map((line) => line.slice(0, line.indexOf(';')));
      expect(ids).toEqual(expect.arrayContaining([hostile.id, plain.id]));
      expect(rows.every((line) => line.split(';')[2] === '15')).toBe(true);
      const hostileLine = rows.find((line) => line.startsWith(`${hostile.id};`));
      expect(hostileLine).toContain(`;"'=HYPERLINK(""http://x.test"",""pulse"")";`);
      // The status as operators read it (the domain's word), not the server code.
      expect(hostileLine).toContain(';Pendiente de tramitar;Sí;');
      expect(response.body).not.toContain('complete_pending');
      const plainLine = rows.find((line) => line.startsWith(`${plain.id};`));
      expect(plainLine).toContain(`;"Ana ""la"" Pérez; hija";`);
      expect(plainLine).not.toContain(hostile.email);
    });

    it('streams every matching order in keyset pages, none twice, none missed', async () => {
      const same = new Date(Date.now() - 3_600_000);
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await insertOrder(t.app.db, { storeId: 17, createdAt: same }));
      let text = '';
      for await (const chunk of exportOrdersCsv(t.app.db, { store: 17, status: 'all' }, 2)) text += chunk;
      const ids = text
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.slice(0, line.indexOf(';')));
      expect(ids).toEqual(made.map((o) => o.id).sort());
    });

    it('neutralises every formula start', () => {
      expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'ok', 'a;b', ''].map(csvText)).toEqual([
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "'\tx",
        `"'\rx"`,
        'ok',
        '"a;b"',
        '',
      ]);
    });

    it('reads an order as an operator does: answers titled from its catalogue version, the holder from the form', async () => {
      const ns = await insertOrder(t.app.db, {
        productId: PRODUCT_IDS.notaSimple,
        form: nsForm({ nombre: 'Lucía Ferrer', servicio_urgente: true }),
      });
      const [item] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, ns.id));
      await t.app.db
        .update(orderItems)
        .set({ productVersion: ns.productVersion })
        .where(eq(orderItems.id, item?.id ?? 0));
      const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${ns.id}` })).json().order;
      expect(detail.holder).toBe('Lucía Ferrer');
      expect(detail.items[0].answers).toEqual(
        expect.arrayContaining([
          { option_id: 77, title: 'Titular del inmueble', value: 'Lucía Ferrer' },
          {
            option_id: 411,
            title: 'Plazo de entrega',
            value: 'Urgente: recibir hoy antes de 4 horas laborables',
          },
        ]),
      );

      // Nobody named in the form: no holder, and never the e-mail's name.
      const nameless = await insertOrder(t.app.db, {
        email: 'joao.walk@example.com',
        form: { direccion: 'Rua 1' },
      });
      const read = (await adminSend(t.app, agent, { url: `/admin/api/orders/${nameless.id}` })).json().order;
      expect(read.holder).toBeNull();
      const queue = (await adminSend(t.app, agent, { url: `/admin/api/orders?q=${nameless.id}` })).json();
      expect(queue.rows[0].holder).toBe('');
    });
  },
);
