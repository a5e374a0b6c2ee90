import { formatInvoiceNumber, InvoiceRegisterAnswerSchema } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, verifactuRecords } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { insertOrder } from '../../testing/orders.ts';
import { issueInvoice } from './invoices.service.ts';

/** A Spanish issuer: every invoice and rectifying invoice gets a VERI*FACTU record. */
const ISSUER_NIF = 'B12345674';

/** Parses the register's CSV back: BOM, ';' separators, RFC 4180 quotes. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r') {
      /* CRLF: the \n ends the row */
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

const cents = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

describe.each(testDatabaseKinds())('the invoice register (%s)', (kind) => {
  let t: TestApp;
  let admin: AdminClient;
  const made: { f1: string; f2: string; partial: string } = { f1: '', f2: '', partial: '' };
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind, {
      INVOICE_ISSUER_NAME: 'Registro Online Pruebas S.L.',
      INVOICE_ISSUER_TAX_ID: ISSUER_NIF,
    });
    admin = await signedInOperator(t.app, 'admin');
    // An F1 (billing data), an F2 issued in January with its record rejected, and a partial refund of the F1.
    const issue = async (simplified: boolean) => {
      const order = await insertOrder(t.database.db, { storeId: 14 });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      if (!row) throw new Error('no order');
      const invoice = await t.database.db.transaction((tx) => issueInvoice(tx, row));
      if (simplified)
        await t.database.db
          .update(invoices)
          .set({ type: 'F2', issuedAt: new Date('2026-01-15T10:00:00Z') })
          .where(eq(invoices.id, invoice.id));
      return { order, invoice };
    };
    const f1 = await issue(false);
    const f2 = await issue(true);
    made.f1 = formatInvoiceNumber(f1.invoice);
    made.f2 = formatInvoiceNumber(f2.invoice);
    await t.database.db
      .update(verifactuRecords)
      .set({
        status: 'sent',
        aeatState: 'Incorrecto',
        aeatErrorCode: '1100',
        aeatErrorText: 'Valor o tipo incorrecto del campo: NIF',
        csv: 'A-ZZZZ',
      })
      .where(eq(verifactuRecords.invoiceId, f2.invoice.id));
    await t.database.db
      .update(verifactuRecords)
      .set({ status: 'sent', aeatState: 'Correcto', csv: 'A-OK' })
      .where(eq(verifactuRecords.invoiceId, f1.invoice.id));
    const refund = await adminSend(t.app, admin, {
      method: 'POST',
      url: `/admin/api/orders/${f1.order.id}/credit-note`,
      payload: { reason: 'Descuento; "cortesía"', amount_cents: 1000 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    made.partial = refund.json().credit_note.number;
  }, 240_000);
  afterAll(() => t?.close());

  const list = async (query = '', client = admin) =>
    adminSend(t.app, client, { method: 'GET', url: `/admin/api/invoices${query}` });

  it('lists invoices and rectifying invoices with type, customer, base, VAT, fees apart, total and the VERI*FACTU state', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = InvoiceRegisterAnswerSchema.parse(res.json());
    const byNumber = new Map(body.invoices.map((r) => [r.number, r]));
    const f1 = byNumber.get(made.f1);
    const f2 = byNumber.get(made.f2);
    const partial = byNumber.get(made.partial);
    expect(f1).toMatchObject({
      kind: 'invoice',
      type: 'F1',
      customer_name: 'María López',
      customer_tax_id: '12345678Z',
      verifactu: { state: 'accepted', csv: 'A-OK' },
    });
    expect(f1 && f1.base_cents + f1.vat_cents + f1.fees_cents).toBe(f1?.total_cents);
    expect(f1?.fees_cents).toBeGreaterThan(0);
    expect(f2).toMatchObject({
      type: 'F2',
      date: '2026-01-15',
      customer_name: null,
      customer_tax_id: null,
      verifactu: {
        state: 'rejected',
        error_code: '1100',
        error_text: 'Valor o tipo incorrecto del campo: NIF',
        csv: 'A-ZZZZ',
      },
    });
    expect(f2?.verifactu.record_id).toEqual(expect.any(Number));
    expect(partial).toMatchObject({
      kind: 'rectifying',
      type: 'R1',
      series: 'R-ES',
      rectifies: made.f1,
      total_cents: -1000,
      // Not sent yet: the send job, queued with the note, may already have found no certificate here.
      verifactu: { state: expect.stringMatching(/^(pending|not_configured)$/) },
    });
    expect(partial && partial.base_cents + partial.vat_cents + partial.fees_cents).toBe(-1000);

    // Totals per series and of the period add up the rows.
    for (const series of body.totals) {
      const rows = body.invoices.filter((r) => r.series === series.series);
      expect(series.count).toBe(rows.length);
      expect(series.total_cents).toBe(rows.reduce((s, r) => s + r.total_cents, 0));
      expect(series.vat_cents).toBe(rows.reduce((s, r) => s + r.vat_cents, 0));
    }
    expect(body.totals.map((s) => s.series)).toEqual(['ES', 'R-ES']);
    expect(body.total.count).toBe(body.invoices.length);
    expect(body.total.total_cents).toBe(body.invoices.reduce((s, r) => s + r.total_cents, 0));
  });

  it('filters by series and by the days of issue', async () => {
    const rectifying = InvoiceRegisterAnswerSchema.parse((await list('?series=R-ES')).json());
    expect(rectifying.invoices.map((r) => r.number)).toEqual([made.partial]);
    expect(rectifying.total.total_cents).toBe(-1000);
    const january = InvoiceRegisterAnswerSchema.parse((await list('?from=2026-01-01&to=2026-01-31')).json());
    expect(january.invoices.map((r) => r.number)).toEqual([made.f2]);
    const oneDay = InvoiceRegisterAnswerSchema.parse((await list('?from=2026-01-15&to=2026-01-15')).json());
    expect(oneDay.invoices.map((r) => r.number)).toEqual([made.f2]);
    const none = InvoiceRegisterAnswerSchema.parse((await list('?series=ZZ')).json());
    expect([none.invoices, none.totals, none.total.count]).toEqual([[], [], 0]);
  });

  it('exports the same list as CSV for spreadsheets: BOM, ";", decimal comma, header, attachment', async () => {
    const res = await adminSend(t.app, admin, { method: 'GET', url: '/admin/api/invoices.csv?series=R-ES' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="facturas_R-ES.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]?.slice(0, 4)).toEqual(['Número', 'Fecha', 'Tipo', 'Factura rectificada']);
    expect(rows.every((r) => r.length === rows[0]?.length)).toBe(true);
    const [, note, seriesTotal, periodTotal] = rows;
    expect(note?.slice(0, 5)).toEqual([
      made.partial,
      expect.any(String),
      'R1',
      made.f1,
      'Descuento; "cortesía"',
    ]);
    expect(note?.[11]).toBe('-10,00');
    expect(cents(note?.[8] ?? '') + cents(note?.[9] ?? '') + cents(note?.[10] ?? '')).toBe(-1000);
    expect(['Pendiente', 'No configurado']).toContain(note?.[12]);
    expect(seriesTotal?.[0]).toBe('Total serie R-ES');
    expect(periodTotal?.[0]).toBe('Total del periodo');
    expect(periodTotal?.[11]).toBe('-10,00');

    const all = parseCsv(
      (await adminSend(t.app, admin, { method: 'GET', url: '/admin/api/invoices.csv' })).body,
    );
    const rejected = all.find((r) => r[0] === made.f2);
    expect(rejected?.slice(12)).toEqual([
      'Rechazado',
      '1100 Valor o tipo incorrecto del campo: NIF',
      'A-ZZZZ',
    ]);
  });

  it('needs a back-office session (401); agents read it; only admins re-send a record (403)', async () => {
    for (const url of ['/admin/api/invoices', '/admin/api/invoices.csv']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const agent = await signedInOperator(t.app, 'agent');
    expect((await list('', agent)).statusCode).toBe(200);
    const body = InvoiceRegisterAnswerSchema.parse((await list('', agent)).json());
    const rejected = body.invoices.find((r) => r.number === made.f2);
    const resend = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/verifactu/records/${rejected?.verifactu.record_id}/resend`,
    });
    expect(resend.statusCode).toBe(403);
  });

  it('answers bad filters with a 400 naming the field, never a 5xx', async () => {
    for (const [query, field] of [
      ['?from=2026-13-01', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
      ['?series=es;drop', 'series'],
      [`?series=${'A'.repeat(5000)}`, 'series'],
      ['?from=2026-01-01&from=2026-01-02', 'from'],
    ] as const) {
      for (const path of ['/admin/api/invoices', '/admin/api/invoices.csv']) {
        const res = await adminSend(t.app, admin, { method: 'GET', url: `${path}${query}` });
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.body, query).toContain(field);
      }
    }
  });
});
