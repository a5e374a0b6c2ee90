import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

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
});
