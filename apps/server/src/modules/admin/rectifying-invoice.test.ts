import { formatInvoiceNumber } from '@shop/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  creditNotes,
  invoices,
  mailMessages,
  orders,
  payments,
  verifactuRecords,
} from '../../db/schema/index.ts';
import { translate } from '../../http/translate.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';

/** A Spanish issuer (a valid CIF): every invoice and rectifying invoice gets its VERI*FACTU record. */
const ISSUER_NIF = 'B12345674';

describe.each(testDatabaseKinds())('rectifying invoices and partial refunds (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind, {
      INVOICE_ISSUER_NAME: 'Registro Online Pruebas S.L.',
      INVOICE_ISSUER_TAX_ID: ISSUER_NIF,
    });
  }, 240_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  /** A paid, invoiced order of store 14; `simplified` makes its invoice an F2. */
  async function paidOrder(simplified = false) {
    const order = await insertOrder(db(), { storeId: 14 });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error('no order');
    const issued = await db().transaction((tx) => issueInvoice(tx, row));
    const [invoice] = simplified
      ? await db().update(invoices).set({ type: 'F2' }).where(eq(invoices.id, issued.id)).returning()
      : [issued];
    if (!invoice) throw new Error('no invoice');
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    if (!payment) throw new Error('no payment');
    return { order, invoice, payment };
  }

  const refund = async (orderId: string, payload: object) =>
    adminSend(t.app, await signedInOperator(t.app, 'admin'), {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/credit-note`,
      payload,
    });

  async function pdfOf(fileId: number): Promise<string> {
    const { stream } = await t.app.files.readForOperator(fileId, t.app.log);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return pdfText(Buffer.concat(chunks));
  }

  async function recordOf(noteId: number) {
    const [record] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.creditNoteId, noteId));
    return record;
  }

  const dateOf = (d: Date) =>
    new Intl.DateTimeFormat('es-ES', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'Europe/Madrid',
    }).format(d);

  it('a full refund: a "Factura rectificativa" R1 in its own series citing the invoice, its date and the reason; the order closes', async () => {
    const { order, invoice, payment } = await paidOrder();
    const res = await refund(order.id, { reason: 'El registro no tiene la finca.' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'closed',
      credit_note: { type: 'R1', left_cents: 0, total_cents: payment.amountCents },
    });
    expect(body.credit_note.number).toMatch(/^R-ES-\d{4}-\d{6}$/);
    const original = formatInvoiceNumber(invoice);
    const text = await pdfOf(body.credit_note.file_id);
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain(body.credit_note.number);
    expect(text).toContain(`Rectifica la factura ${original} de fecha ${dateOf(invoice.issuedAt)}`);
    expect(text).toContain('Motivo de la rectificación: El registro no tiene la finca.');
    expect(text).toContain('Tipo de factura rectificativa: R1');
    expect(text).toContain('RD 1619/2012');

    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Factura rectificativa de tu pedido ${order.id}`));
    expect(mail?.text).toContain(original);
    expect(mail?.text).toContain('El registro no tiene la finca.');
    expect(mail?.text).toContain(body.credit_note.number);

    const record = await recordOf(body.credit_note.id);
    expect([record?.tipoFactura, record?.numSerie]).toEqual(['R1', body.credit_note.number]);
    expect(record?.xml).toContain(`<sum1:NumSerieFactura>${original}</sum1:NumSerieFactura>`);
  });

  it('a partial refund of 10,00 € is a rectificativa of -10,00 €; the order keeps its status; a second one up to the rest closes it', async () => {
    const { order, invoice, payment } = await paidOrder();
    expect(payment.amountCents).toBeGreaterThan(1000);
    const first = await refund(order.id, { reason: 'Descuento por retraso', amount_cents: 1000 });
    expect(first.statusCode, first.body).toBe(200);
    const rest = payment.amountCents - 1000;
    expect(first.json()).toMatchObject({
      status: 'complete_pending',
      credit_note: { total_cents: 1000, left_cents: rest, type: 'R1' },
    });
    const text = await pdfOf(first.json().credit_note.file_id);
    expect(text).toContain('Factura rectificativa');
    // The total in the fee split's words; the house formatter prints whole euros without decimals: -10 €.
    expect(text).toContain(`${translate('es', 'feeSplit.total')} -10 €`);
    expect(text).toContain(formatInvoiceNumber(invoice));
    expect(text).toContain('Descuento por retraso');
    const [afterFirst] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(afterFirst?.status).toBe('complete_pending');
    const [stillPaid] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(stillPaid?.status).toBe('paid');

    // Its VERI*FACTU record: the refunded share of base and VAT, negative, citing the invoice.
    const firstRecord = await recordOf(first.json().credit_note.id);
    expect(firstRecord?.tipoFactura).toBe('R1');
    expect(firstRecord?.importeCents).toBe(
      -(
        Math.round((invoice.baseCents * 1000) / invoice.totalCents) +
        Math.round((invoice.vatCents * 1000) / invoice.totalCents)
      ),
    );
    expect(firstRecord?.xml).toContain(`<sum1:NumSerieFactura>${formatInvoiceNumber(invoice)}<`);

    // More than what is left: a 400 naming the field, in the store's language; nothing refunded.
    const above = await refund(order.id, { reason: 'Otro', amount_cents: rest + 1 });
    expect(above.statusCode).toBe(400);
    expect(JSON.stringify(above.json())).toContain('supera lo que queda por reembolsar');
    expect(JSON.stringify(above.json())).toContain('amount_cents');

    const second = await refund(order.id, { reason: 'Pedido cancelado', amount_cents: rest });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      status: 'closed',
      credit_note: { total_cents: rest, left_cents: 0 },
    });
    const numbers = [first, second].map((r) => Number(r.json().credit_note.number.split('-').pop()));
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    const [refunded] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(refunded?.status).toBe('refunded');
    const notes = await db()
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id))
      .orderBy(asc(creditNotes.id));
    expect(notes.map((n) => n.totalCents)).toEqual([1000, rest]);
    expect((await recordOf(second.json().credit_note.id))?.tipoFactura).toBe('R1');

    // The audit: the partial one keeps the status, the last one closes the order.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.credit_note')))
      .orderBy(asc(auditLog.id));
    expect(audit.map(({ data }) => [data.status, data.before, data.after, data.amount_cents])).toEqual([
      ['complete_pending', undefined, undefined, 1000],
      [
        undefined,
        expect.objectContaining({ status: 'complete_pending' }),
        expect.objectContaining({ status: 'closed' }),
        rest,
      ],
    ]);

    // Nothing left: another refund is a conflict.
    expect((await refund(order.id, { reason: 'x', amount_cents: 1 })).statusCode).toBe(409);
  });

  it('a simplified invoice (F2) is rectified by an R5', async () => {
    const { order } = await paidOrder(true);
    const res = await refund(order.id, { reason: 'Duplicado', amount_cents: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credit_note.type).toBe('R5');
    expect((await recordOf(res.json().credit_note.id))?.tipoFactura).toBe('R5');
    expect(await pdfOf(res.json().credit_note.file_id)).toContain('Tipo de factura rectificativa: R5');
  });

  it('a bad amount is a 400 with a message, never a 5xx', async () => {
    const { order } = await paidOrder();
    for (const amount of [0, -5, 1.5, '10', 1e12, null]) {
      const res = await refund(order.id, { reason: 'x', amount_cents: amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors ?? res.json(), String(amount)).toBeTruthy();
    }
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('complete_pending');
  });
});
