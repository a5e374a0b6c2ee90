import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditLog, files, mailMessages } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, storedSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { minimalPdf, multipart, tinyPng } from '../../testing/files.ts';
import { insertOrder } from '../../testing/orders.ts';
import { ORDER_READY_PUSH_JOB } from '../push/order-ready-push.ts';

describe.each(testDatabaseKinds())('result document and incident mails (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
    agent = await signedInOperator(t.app, 'agent');
  }, 300_000);
  afterAll(() => t?.close());

  const attach = (
    orderId: string,
    itemId: number,
    data: Buffer,
    contentType = 'application/pdf',
    client = agent,
  ) => {
    const { payload, contentType: type } = multipart([
      { name: 'file', filename: 'Nota Simple Ñ.pdf', contentType, data },
    ]);
    return adminSend(t.app, client, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${itemId}/result`,
      headers: { 'content-type': type },
      payload,
    });
  };

  it('stores the PDF, mails it to the customer, audits it; only the owner downloads it; then ready is allowed', async () => {
    const order = await insertOrder(t.app.db, { storeId: 16 });
    const pdf = minimalPdf();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/orders/${order.id}/items/${order.itemId}/result`,
        })
      ).statusCode,
    ).toBe(401);

    const response = await attach(order.id, order.itemId, pdf);
    expect(response.statusCode, response.body).toBe(200);
    const { file_id: fileId, mail_id: mailId } = response.json();
    // "Avísame cuando esté listo": the push to the customer's browsers is a job queued with the result.
    const pushJobs = await queryRows<{ data: { orderId: string } }>(
      t.app.db,
      sql`SELECT data FROM pgboss.job WHERE name = ${ORDER_READY_PUSH_JOB} AND data->>'orderId' = ${order.id}`,
    );
    expect(pushJobs).toHaveLength(1);

    const [file] = await t.app.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({
      kind: 'result',
      orderId: order.id,
      orderItemId: order.itemId,
      contentType: 'application/pdf',
      originalName: 'Nota_Simple_N.pdf',
    });
    const [mail] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(mail?.to).toBe(order.email);
    // Store 16 is Portuguese: the mail is in Portuguese, with the PDF attached.
    expect(mail?.subject).toBe(`O documento da sua encomenda ${order.id} está pronto`);
    expect(mail?.attachments).toEqual([{ fileId, filename: 'Nota_Simple_N.pdf' }]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.result_attached')));
    expect(audit).toMatchObject({
      actor: agent.email,
      data: { after: { file_id: fileId }, mail_id: mailId },
    });

    // The order's customer downloads it from the storefront; another customer and an anonymous visitor get 404.
    const owner = await storedSession(t, { customerId: order.customerId, storeId: 16 });
    const mine = await t.app.inject({
      url: `/desktopapp/rest/file/${fileId}`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    const other = await insertOrder(t.app.db);
    const stranger = await storedSession(t, { customerId: other.customerId });
    expect(
      (await t.app.inject({ url: `/desktopapp/rest/file/${fileId}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/desktopapp/rest/file/${fileId}` })).statusCode).toBe(404);
    // Operators download it from the back office.
    const operatorDownload = await adminSend(t.app, agent, { url: `/admin/api/files/${fileId}` });
    expect(operatorDownload.statusCode).toBe(200);
    expect(operatorDownload.headers['content-type']).toBe('application/pdf');

    const ready = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/transition`,
      payload: { to: 'ready' },
    });
    expect(ready.json()).toMatchObject({ status: 'complete_ready', panel_status_id: 110 });
  });

  it('refuses anything but a PDF, an item of another order, and a call without the CSRF token', async () => {
    const order = await insertOrder(t.app.db);
    const other = await insertOrder(t.app.db);
    expect((await attach(order.id, order.itemId, tinyPng(), 'image/png')).statusCode).toBe(415);
    expect((await attach(order.id, other.itemId, minimalPdf())).statusCode).toBe(404);
    const { payload, contentType } = multipart([
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: minimalPdf() },
    ]);
    const forged = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/items/${order.itemId}/result`,
      headers: { 'content-type': contentType },
      payload,
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.app.db.select().from(files).where(eq(files.orderId, order.id))).toEqual([]);
  });

  it('mails the incident message to the customer with the transition', async () => {
    const order = await insertOrder(t.app.db);
    const response = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/transition`,
      payload: { to: 'incident', message: 'Falta la referencia catastral.' },
    });
    expect(response.statusCode).toBe(200);
    const mails = await t.app.db.select().from(mailMessages).where(eq(mailMessages.to, order.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Necesitamos más información sobre tu pedido ${order.id}`);
    expect(mails[0]?.text).toContain('Falta la referencia catastral.');
  });
});
