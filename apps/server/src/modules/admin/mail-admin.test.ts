import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';

describe.each(testDatabaseKinds())('back-office mail viewer (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists sent and outbox mail newest first, by status, and shows one mail', async () => {
    const [queued] = await t.app.db
      .insert(mailMessages)
      .values({ to: 'ana@example.com', subject: 'Su pedido', text: 'Hola Ana', status: 'queued' })
      .returning();
    const [sent] = await t.app.db
      .insert(mailMessages)
      .values({
        to: 'luis@example.com',
        subject: 'Factura',
        text: 'Adjuntamos su factura',
        html: '<p>Adjuntamos su factura</p>',
        status: 'sent',
        sentAt: new Date(),
        attachments: [{ fileId: 7, filename: 'factura.pdf' }],
      })
      .returning();
    expect((await t.app.inject({ url: '/admin/api/mail' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/admin/api/mail/${sent?.id}` })).statusCode).toBe(401);

    const agent = await signedInOperator(t.app, 'agent');
    const all = (await adminSend(t.app, agent, { url: '/admin/api/mail' })).json();
    expect(all.mails.map((m: { id: number }) => m.id).slice(0, 2)).toEqual([sent?.id, queued?.id]);
    const outbox = (await adminSend(t.app, agent, { url: '/admin/api/mail?status=queued' })).json();
    expect(outbox.mails.map((m: { status: string }) => m.status)).toEqual(outbox.mails.map(() => 'queued'));
    expect(outbox.mails.map((m: { id: number }) => m.id)).toContain(queued?.id);

    const one = await adminSend(t.app, agent, { url: `/admin/api/mail/${sent?.id}` });
    expect(one.json().mail).toMatchObject({
      subject: 'Factura',
      html: '<p>Adjuntamos su factura</p>',
      attachments: [{ file_id: 7, filename: 'factura.pdf' }],
    });
    expect((await adminSend(t.app, agent, { url: '/admin/api/mail/999999' })).statusCode).toBe(404);
    expect((await adminSend(t.app, agent, { url: '/admin/api/mail?status=lost' })).statusCode).toBe(400);
  });

  it("resends any mail of an order as a new queued mail, shows each one's delivery state, audited", async () => {
    const order = await insertOrder(t.app.db);
    const [failed] = await t.app.db
      .insert(mailMessages)
      .values({
        storeId: 14,
        to: order.email,
        subject: `Tu documento del pedido ${order.id} está listo`,
        text: `Hola, adjuntamos el documento del pedido ${order.id}.`,
        attachments: [{ fileId: 9, filename: 'nota-simple.pdf' }],
        status: 'failed',
        attempts: 5,
        lastError: '550 mailbox unavailable',
      })
      .returning();
    // Another customer's mail, and one of the same customer that names no order, are not the order's.
    await t.app.db.insert(mailMessages).values([
      { to: 'otro@example.com', subject: `Pedido ${order.id}`, text: 'x' },
      { to: order.email, subject: 'Bienvenido', text: 'Hola' },
    ]);
    const agent = await signedInOperator(t.app, 'agent');
    const mails = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}/mail` })).json().mails;
    expect(mails).toEqual([
      expect.objectContaining({
        id: failed?.id,
        status: 'failed',
        attempts: 5,
        last_error: '550 mailbox unavailable',
      }),
    ]);

    expect(
      (await t.app.inject({ method: 'POST', url: `/admin/api/mail/${failed?.id}/resend` })).statusCode,
    ).toBe(401);
    const resent = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/mail/${failed?.id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const newId = resent.json().mail_id as number;
    const [copy] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.id, newId));
    expect(copy).toMatchObject({
      to: order.email,
      subject: failed?.subject,
      text: failed?.text,
      attachments: [{ fileId: 9, filename: 'nota-simple.pdf' }],
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
    const after = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}/mail` })).json().mails;
    expect(after.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([
      [newId, 'queued'],
      [failed?.id, 'failed'],
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resend'), eq(auditLog.entityId, String(failed?.id))));
    expect(audit).toMatchObject({ actor: agent.email, data: { resent_as: newId } });
    expect(
      (await adminSend(t.app, agent, { method: 'POST', url: '/admin/api/mail/999999/resend' })).statusCode,
    ).toBe(404);
    expect((await adminSend(t.app, agent, { url: '/admin/api/orders/999999999/mail' })).statusCode).toBe(404);
  });
});
