import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, newSession, send, type TestApp } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { minimalPdf, multipart } from '../../testing/files.ts';

/**
 * The whole path through the real checkout: a customer orders a Nota Simple and
 * pays by card (sandbox); an agent finds the order, reads the answers, works it
 * through the panel statuses, attaches the PDF; the customer downloads it.
 */
describe.each(testDatabaseKinds())('back office over a real checkout (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it('orders and pays, then the agent delivers the document', async () => {
    const customer = await newSession(t.app);
    await postCart(t.app, customer, 'addns', {
      config: customer.config,
      form: nsForm({ nombre: 'Marta Gil Soto' }),
    });
    const email = uniqueEmail();
    const paid = await send(t.app, customer, {
      method: 'POST',
      url: '/desktopapp/rest/checkoutRegister',
      payload: {
        config: customer.config,
        form: {
          email,
          accept_terms: true,
          pass: 'una contraseña larga',
          type: 'cc',
          num: '4242424242424242',
          month: '7',
          year: String(new Date().getFullYear() + 2),
          cvc: '123',
        },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().order_id as string;

    const agent = await signedInOperator(t.app, 'agent');
    const queue = (
      await adminSend(t.app, agent, { url: `/admin/api/orders?q=${encodeURIComponent(email)}` })
    ).json();
    expect(queue.rows).toHaveLength(1);
    expect(queue.rows[0]).toMatchObject({
      id: orderId,
      paid: true,
      holder: 'Marta Gil Soto',
      status: 'complete_pending',
    });

    const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${orderId}` })).json().order;
    const item = detail.items[0];
    expect(item.form).toMatchObject({ nombre: 'Marta Gil Soto' });
    expect(item.product_version).toBeGreaterThanOrEqual(1);
    expect(detail.payments[0]).toMatchObject({ status: 'paid' });

    const move = (to: string, message?: string) =>
      adminSend(t.app, agent, {
        method: 'POST',
        url: `/admin/api/orders/${orderId}/transition`,
        payload: message ? { to, message } : { to },
      });
    expect((await move('in_progress')).statusCode).toBe(200);
    expect((await move('incident', 'Indique el número de finca.')).statusCode).toBe(200);
    const { payload, contentType } = multipart([
      { name: 'file', filename: 'nota-simple.pdf', contentType: 'application/pdf', data: minimalPdf() },
    ]);
    const attached = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${item.id}/result`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await move('ready')).json()).toMatchObject({ status: 'complete_ready', panel_status_id: 110 });

    const history = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(history.map((h) => h.action).sort()).toEqual(
      // The capture too: every status change goes through the status function and its audit row.
      ['order.paid', 'order.in_progress', 'order.incident', 'order.ready', 'order.result_attached'].sort(),
    );

    // The customer (logged in by the checkout) downloads the document; a stranger cannot.
    const download = await t.app.inject({
      url: `/desktopapp/rest/file/${attached.json().file_id}`,
      headers: { cookie: customer.cookie },
    });
    expect(download.statusCode).toBe(200);
    const stranger = await newSession(t.app);
    const refused = await t.app.inject({
      url: `/desktopapp/rest/file/${attached.json().file_id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });
});
