import { PedidosOrOneAnswerSchema } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditNotes, mailMessages, orders, payments } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, send, storedSession, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { issueCreditNote } from './credit-note.service.ts';

/** A gateway that refuses every refund: the credit note must not exist without the refund. */
const refusingGateway: PaymentGateway = {
  name: 'refusing-test',
  methods: [],
  start: () => Promise.reject(new Error('not used')),
  verifyNotice: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('refund refused by the bank')),
};

describe.each(testDatabaseKinds())('credit notes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind, {}, { gateways: [refusingGateway] });
  }, 240_000);
  afterAll(() => t?.close());

  /** A paid, invoiced order of store 14 (sandbox card payment). */
  async function paidOrder(storeId = 14) {
    const order = await insertOrder(t.database.db, { storeId });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error('no order');
    await t.database.db.transaction((tx) => issueInvoice(tx, row));
    return order;
  }

  const issue = (
    client: Awaited<ReturnType<typeof signedInOperator>>,
    orderId: string,
    payload: object | string | null,
  ) =>
    adminSend(t.app, client, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/credit-note`,
      ...(payload === null ? {} : { payload }),
    });

  it('an admin issues it: refund through the sandbox, own series, PDF, audit, mail, Abonado for the customer', async () => {
    const order = await paidOrder();
    const admin = await signedInOperator(t.app, 'admin');
    const response = await issue(admin, order.id, { reason: 'El registro no tiene la finca.' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, status: 'closed' });
    expect(body.credit_note.number).toMatch(/^R-ES-\d{4}-\d{6}$/);
    expect(body.credit_note.refund_ref).toMatch(/_refund_[0-9a-f]{12}$/);
    // The back office prints the invoice and the credit note in the one number format (the PDF's).
    const detail = await adminSend(t.app, admin, { method: 'GET', url: `/admin/api/orders/${order.id}` });
    expect(detail.json().order.invoices.map((i: { number: string }) => i.number)).toEqual([
      expect.stringMatching(/^ES-\d{4}-\d{6}$/),
      body.credit_note.number,
    ]);

    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('refunded');
    expect(payment?.data).toMatchObject({ refund_ref: body.credit_note.refund_ref });
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(note).toMatchObject({
      series: 'R-ES',
      refundRef: body.credit_note.refund_ref,
      paymentId: payment?.id,
    });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.credit_note')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: admin.email });
    expect(audit[0]?.data).toMatchObject({
      before: { status: 'complete_pending' },
      after: { status: 'closed' },
      reason: 'El registro no tiene la finca.',
    });
    const mails = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, order.email));
    expect(mails.map((m) => m.subject)).toContain(`Factura rectificativa de tu pedido ${order.id}`);

    // The customer sees 'Abonado' and downloads the credit note; its PDF says what it is.
    const owner = await storedSession(t, { customerId: order.customerId, storeId: 14 });
    const list = PedidosOrOneAnswerSchema.parse(
      (await send(t.app, owner, { method: 'GET', url: '/desktopapp/rest/pedidos' })).json(),
    );
    const mine = list.pedidos.find((p) => p.order_id === order.id);
    expect(mine?.status_label).toBe('Abonado');
    expect(mine?.items[0]?.status_label).toBe('Abonado');
    expect(mine?.abonos).toEqual([
      { name: body.credit_note.number, url: `/desktopapp/rest/file/${body.credit_note.file_id}` },
    ]);
    const download = await send(t.app, owner, { method: 'GET', url: mine?.abonos[0]?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain(body.credit_note.number);

    // Customer B: not their order, not their file.
    const other = await insertOrder(t.database.db);
    const stranger = await storedSession(t, { customerId: other.customerId, storeId: 14 });
    const refused = await send(t.app, stranger, { method: 'GET', url: mine?.abonos[0]?.url ?? '' });
    expect(refused.statusCode).toBe(404);
    const anonymous = await storedSession(t, { storeId: 14 });
    expect(
      (await send(t.app, anonymous, { method: 'GET', url: mine?.abonos[0]?.url ?? '' })).statusCode,
    ).toBe(404);

    // Once is all: a second credit note is a conflict, and nothing more is refunded.
    const again = await issue(admin, order.id, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(
      await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id)),
    ).toHaveLength(1);
  });

  it('an agent gets 403; bad input is a 400, an unknown order a 404, an unpaid one a 409, never a 5xx', async () => {
    const order = await paidOrder();
    const agent = await signedInOperator(t.app, 'agent');
    expect((await issue(agent, order.id, { reason: 'Reembolso' })).statusCode).toBe(403);
    const admin = await signedInOperator(t.app, 'admin');
    for (const payload of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 42 }, null]) {
      const response = await issue(admin, order.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Not JSON: refused as such, still not a 5xx.
    expect((await issue(admin, order.id, 'text')).statusCode).toBe(415);
    expect((await issue(admin, 'not-an-id', { reason: 'x' })).statusCode).toBe(400);
    expect((await issue(admin, '1499999999', { reason: 'x' })).statusCode).toBe(404);
    const unpaid = await insertOrder(t.database.db, { paid: false });
    expect((await issue(admin, unpaid.id, { reason: 'x' })).statusCode).toBe(409);
    // Without the CSRF header the back office refuses the call.
    const noCsrf = await adminSend(t.app, admin, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/credit-note`,
      payload: { reason: 'x' },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('complete_pending');
  });

  it('a refused refund issues nothing and gives the number back', async () => {
    const order = await paidOrder();
    await t.database.db
      .update(payments)
      .set({ gateway: 'refusing-test' })
      .where(eq(payments.orderId, order.id));
    const admin = await signedInOperator(t.app, 'admin');
    const response = await issue(admin, order.id, { reason: 'Reembolso' });
    expect(response.statusCode).toBe(402);
    expect(await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toEqual(
      [],
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('complete_pending');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('paid');

    // The next credit note of the series takes the number the refused one did not keep.
    const before = await t.database.db.select().from(creditNotes);
    const next = await paidOrder();
    const ok = await issue(admin, next.id, { reason: 'Reembolso' });
    expect(ok.statusCode, ok.body).toBe(200);
    const numbers = [...before.map((n) => n.number), ok.json().credit_note.number.split('-').pop()].map(
      Number,
    );
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(Math.max(...numbers)).toBe(numbers.length);
  });

  it('the sandbox refunds only a payment it took: another reference is refused, nothing issued', async () => {
    const order = await paidOrder();
    await t.database.db
      .update(payments)
      .set({ providerRef: 'sbx_1_AAAAAAAAAAAA' })
      .where(eq(payments.orderId, order.id));
    const admin = await signedInOperator(t.app, 'admin');
    expect((await issue(admin, order.id, { reason: 'Reembolso' })).statusCode).toBe(402);
    await t.database.db.update(payments).set({ providerRef: null }).where(eq(payments.orderId, order.id));
    expect((await issue(admin, order.id, { reason: 'Reembolso' })).statusCode).toBe(402);
    expect(await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toEqual(
      [],
    );
  });

  it('a Portuguese store: its own series R-PT, the PDF in Portuguese, the row "Reembolsado"', async () => {
    const order = await paidOrder(16);
    const admin = await signedInOperator(t.app, 'admin');
    const response = await issue(admin, order.id, { reason: 'Reembolso' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().credit_note.number).toMatch(/^R-PT-\d{4}-000001$/);
    const owner = await storedSession(t, { customerId: order.customerId, storeId: 16 });
    const row = PedidosOrOneAnswerSchema.parse(
      (await send(t.app, owner, { method: 'GET', url: `/desktopapp/rest/pedidos?id=${order.id}` })).json(),
    ).pedidos[0];
    expect(row?.status_label).toBe('Reembolsado');
    const pdf = await send(t.app, owner, { method: 'GET', url: row?.abonos[0]?.url ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Fatura retificativa');
  });

  it('numbers concurrent credit notes of one series without gaps or duplicates', async () => {
    const orderList = await Promise.all(Array.from({ length: 6 }, () => paidOrder(1)));
    const actor = { operatorId: null, email: 'cli' } as const;
    const deps = {
      storage: t.app.files,
      gatewayNamed: (name: string) => t.app.gateways.named(name),
      renderPdf: t.app.pdf.render,
    };
    const results = await Promise.all(
      orderList.map((order) =>
        issueCreditNote(t.database.db, deps, actor, { orderId: order.id, reason: 'x' }),
      ),
    );
    const numbers = results.map((r) => Number(r.number.split('-').pop())).sort((a, b) => a - b);
    const series = await t.database.db.select().from(creditNotes).where(eq(creditNotes.series, 'R-ES'));
    const all = series.map((n) => n.number).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(6);
  });
});
