import {
  formatInvoiceNumber,
  type InvoiceRegisterAnswer,
  type InvoiceRegisterQuery,
  type InvoiceRegisterRow,
  type InvoiceRegisterTotals,
  refundedShare,
  type VerifactuState,
} from '@shop/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, invoices, verifactuRecords } from '../../db/schema/index.ts';
import { madridDay } from '../admin/orders-admin.service.ts';
import { rectifyingTypeOf } from './credit-notes.ts';

type RecordRow = typeof verifactuRecords.$inferSelect;

/** yyyy-mm-dd of the Madrid day (the operators' day, like the order queue's filters). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A record's state as the register shows it: the last record of the document
 * (a subsanación supersedes a rejected one). No record: the issuer is not
 * Spanish, VERI*FACTU does not apply; 'not_configured': no certificate yet.
 */
export function verifactuStateOf(record: RecordRow | undefined): VerifactuState {
  if (!record || record.status === 'not_configured') return 'not_configured';
  if (record.status !== 'sent') return 'pending';
  if (record.aeatState === 'Correcto') return 'accepted';
  if (record.aeatState === 'AceptadoConErrores') return 'accepted_with_errors';
  if (record.aeatState === 'Incorrecto') return 'rejected';
  return 'sent';
}

function verifactuOf(record: RecordRow | undefined): InvoiceRegisterRow['verifactu'] {
  return {
    state: verifactuStateOf(record),
    record_id: record?.id ?? null,
    error_code: record?.aeatErrorCode ?? null,
    error_text: record?.aeatErrorText ?? null,
    csv: record?.csv ?? null,
  };
}

function dateFilter(column: SQL, query: InvoiceRegisterQuery): SQL[] {
  const where: SQL[] = [];
  if (query.from) where.push(sql`${column} >= ${madridDay(query.from)}`);
  if (query.to) where.push(sql`${column} < ${madridDay(query.to, 1)}`);
  return where;
}

/**
 * The libro registro de facturas expedidas (Reglamento del IVA, RD 1624/1992,
 * art. 63.3: number and series, date, recipient's name and NIF, base, rate and
 * cuota): every invoice and rectifying invoice issued, of a series and a period
 * (Madrid days, both ends included), in series and number order, with the
 * official fees (suplidos, LIVA art. 78.Tres.3.º) apart from the base, each
 * document's VERI*FACTU state and the AEAT's answer, and the totals per series
 * and of the period. A rectifying invoice's amounts are negative: the refunded
 * share of its invoice (the split its PDF and its record use, ADR 029).
 */
export async function invoiceRegister(
  db: AppDb,
  query: InvoiceRegisterQuery,
): Promise<InvoiceRegisterAnswer> {
  const invoiceWhere = [
    ...(query.series ? [eq(invoices.series, query.series)] : []),
    ...dateFilter(sql`${invoices.issuedAt}`, query),
  ];
  const noteWhere = [
    ...(query.series ? [eq(creditNotes.series, query.series)] : []),
    ...dateFilter(sql`${creditNotes.issuedAt}`, query),
  ];
  const [invoiceRows, noteRows] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(...invoiceWhere))
      .orderBy(asc(invoices.series), asc(invoices.year), asc(invoices.number)),
    db
      .select({ note: creditNotes, invoice: invoices })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(...noteWhere))
      .orderBy(asc(creditNotes.series), asc(creditNotes.year), asc(creditNotes.number)),
  ]);
  const records = await lastRecords(
    db,
    invoiceRows.map((i) => i.id),
    noteRows.map((n) => n.note.id),
  );

  const rows: InvoiceRegisterRow[] = [
    ...invoiceRows.map((invoice) => {
      const identified = invoice.type === 'F1';
      return {
        kind: 'invoice' as const,
        id: invoice.id,
        number: formatInvoiceNumber(invoice),
        series: invoice.series,
        date: dayFormat.format(invoice.issuedAt),
        type: invoice.type,
        order_id: invoice.orderId,
        customer_name: identified ? invoice.customer.name || null : null,
        customer_tax_id: identified ? (invoice.customer.taxId ?? null) : null,
        rectifies: null,
        reason: null,
        base_cents: invoice.baseCents,
        vat_cents: invoice.vatCents,
        fees_cents: invoice.totalCents - invoice.baseCents - invoice.vatCents,
        total_cents: invoice.totalCents,
        file_id: invoice.fileId,
        verifactu: verifactuOf(records.invoices.get(invoice.id)),
      };
    }),
    ...noteRows.map(({ note, invoice }) => {
      const share = refundedShare(invoice, note.totalCents);
      const base = share(invoice.baseCents);
      const vat = share(invoice.vatCents);
      const identified = invoice.type === 'F1';
      return {
        kind: 'rectifying' as const,
        id: note.id,
        number: formatInvoiceNumber(note),
        series: note.series,
        date: dayFormat.format(note.issuedAt),
        type: rectifyingTypeOf(invoice),
        order_id: note.orderId,
        customer_name: identified ? invoice.customer.name || null : null,
        customer_tax_id: identified ? (invoice.customer.taxId ?? null) : null,
        rectifies: formatInvoiceNumber(invoice),
        reason: note.reason,
        base_cents: -base,
        vat_cents: -vat,
        fees_cents: -(note.totalCents - base - vat),
        total_cents: -note.totalCents,
        file_id: note.fileId,
        verifactu: verifactuOf(records.notes.get(note.id)),
      };
    }),
  ].sort((a, b) => a.series.localeCompare(b.series) || a.number.localeCompare(b.number));

  const bySeries = new Map<string, InvoiceRegisterTotals>();
  const total = emptyTotals('');
  for (const row of rows) {
    let series = bySeries.get(row.series);
    if (!series) {
      series = emptyTotals(row.series);
      bySeries.set(row.series, series);
    }
    for (const sum of [series, total]) {
      sum.count += 1;
      sum.base_cents += row.base_cents;
      sum.vat_cents += row.vat_cents;
      sum.fees_cents += row.fees_cents;
      sum.total_cents += row.total_cents;
    }
  }
  return { ok: true, invoices: rows, totals: [...bySeries.values()], total };
}

function emptyTotals(series: string): InvoiceRegisterTotals {
  return { series, count: 0, base_cents: 0, vat_cents: 0, fees_cents: 0, total_cents: 0 };
}

/** The last alta record of each invoice and credit note (a later subsanación supersedes a rejected one). */
async function lastRecords(db: AppDb, invoiceIds: number[], noteIds: number[]) {
  const invoicesMap = new Map<number, RecordRow>();
  const notes = new Map<number, RecordRow>();
  const load = async (
    ids: number[],
    column: typeof verifactuRecords.invoiceId | typeof verifactuRecords.creditNoteId,
    into: Map<number, RecordRow>,
    key: (r: RecordRow) => number | null,
  ) => {
    // In chunks: a long period stays within the database's parameter limit.
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = await db
        .select()
        .from(verifactuRecords)
        .where(and(inArray(column, ids.slice(i, i + 5000)), eq(verifactuRecords.kind, 'alta')))
        .orderBy(asc(verifactuRecords.id));
      for (const row of rows) {
        const id = key(row);
        if (id !== null) into.set(id, row);
      }
    }
  };
  await load(invoiceIds, verifactuRecords.invoiceId, invoicesMap, (r) => r.invoiceId);
  await load(noteIds, verifactuRecords.creditNoteId, notes, (r) => r.creditNoteId);
  return { invoices: invoicesMap, notes };
}
