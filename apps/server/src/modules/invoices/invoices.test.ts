import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, invoices, mailMessages, orders } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, newSession, send, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, ownerSession } from '../../testing/orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { waitFor } from '../../testing/wait.ts';
import { startPayment } from '../payments/payment-start.ts';
import { ORDER_CONFIRMATION_JOB } from './order-confirmation.ts';

describe.each(testDatabaseKinds())('invoice and confirmation mail (%s)', (kind) => {
  let t: TestApp & { filesDir: string };
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  async function payByCard(orderId: string) {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error('no order');
    const fields = { num: '4242424242424242', month: '12', year: '2031', cvc: '123' };
    return (
      await startPayment(db(), t.app.gateways, {
        order: row,
        method: 'cc',
        fields,
        baseUrl: '',
        language: 'es',
      })
    ).next;
  }

  async function confirmationOf(orderId: string) {
    t.app.jobs.nudge(ORDER_CONFIRMATION_JOB);
    let invoice: typeof invoices.$inferSelect | undefined;
    await waitFor(async () => {
      [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
      return invoice?.mailId != null;
    });
    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, invoice?.mailId ?? 0));
    return { invoice, mail };
  }

  it('mails the confirmation in Portuguese on store 16 with the invoice PDF attached', async () => {
    const order = await createTestOrder(db(), {
      storeId: 16,
      productIds: [18414],
      billing: {
        name: 'Maria Silva Lda',
        tax_id: '501964843',
        address: 'Rua Augusta 1',
        city: 'Lisboa',
        postcode: '1100-048',
      },
    });
    expect(await payByCard(order.orderId)).toEqual({ type: 'success' });
    const { invoice, mail } = await confirmationOf(order.orderId);
    expect(mail?.subject).toContain(order.orderId);
    expect(mail?.subject).toContain('Confirmação da sua encomenda');
    expect(mail?.text).toContain('Total pago: 24,70');
    expect(mail?.html).toContain('<li>');
    expect(mail?.attachments).toEqual([
      { fileId: invoice?.fileId, filename: expect.stringMatching(/^fatura-PT-\d{4}-\d{6}\.pdf$/) },
    ]);
    const [file] = await db()
      .select()
      .from(files)
      .where(eq(files.id, invoice?.fileId ?? 0));
    expect([file?.kind, file?.orderId, file?.contentType]).toEqual([
      'invoice',
      order.orderId,
      'application/pdf',
    ]);

    // The owner downloads the same PDF; its text carries both parties' tax data and the VAT split.
    const owner = await ownerSession(t, order);
    const pdf = await send(t.app, owner, { url: `/desktopapp/rest/invoice/?order_id=${order.orderId}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Maria Silva Lda');
    expect(text).toContain('501964843');
    expect(text).toContain(`PT-${invoice?.year}-${String(invoice?.number).padStart(6, '0')}`);
    // Certidão Permanente 24,70: official fee 15 (no VAT), 9,70 service = 7,89 + 1,81 VAT (23 %).
    expect(invoice?.lines[0]).toMatchObject({ officialFeeCents: 1500, baseCents: 789, vatCents: 181 });
    expect(text).toContain('Taxa oficial (despesa, sem IVA)');
    expect(text).toMatch(/\b15\s€/);
    expect(text).toMatch(/7,89\s€/);
    expect(text).toMatch(/1,81\s€/);
  });

  it('runs the confirmation once however often the job runs', async () => {
    const order = await createTestOrder(db());
    await payByCard(order.orderId);
    const { invoice } = await confirmationOf(order.orderId);
    const { runOrderConfirmation } = await import('./order-confirmation.ts');
    const { localStorage } = await import('../files/storage.ts');
    await runOrderConfirmation(
      db(),
      localStorage(t.filesDir),
      {
        orderId: order.orderId,
        invoiceId: invoice?.id ?? 0,
      },
      { renderPdf: t.app.pdf.render },
    );
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    const mails = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, row?.email ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Confirmación de tu pedido');
  });

  it('gives the invoice to its owner only: 401 anonymous, 404 a stranger or an unpaid order, 400 bad ids', async () => {
    const order = await createTestOrder(db());
    const owner = await ownerSession(t, order);
    const url = `/desktopapp/rest/invoice/?order_id=${order.orderId}`;
    expect((await send(t.app, owner, { url })).statusCode).toBe(404);
    await payByCard(order.orderId);
    expect((await send(t.app, owner, { url })).statusCode).toBe(200);
    const stranger = await ownerSession(t, await createTestOrder(db()));
    expect((await send(t.app, stranger, { url })).statusCode).toBe(404);
    const anonymous = await newSession(t.app);
    expect((await send(t.app, anonymous, { url })).statusCode).toBe(401);
    expect((await send(t.app, owner, { url: '/desktopapp/rest/invoice/?order_id=x' })).statusCode).toBe(400);
    expect((await send(t.app, owner, { url: '/desktopapp/rest/invoice/' })).statusCode).toBe(400);
  });
});
