import type { SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import type { JobInsert } from '../jobs/jobs-sql.ts';
import { verifactuIssuer } from '../verifactu/alta-data.ts';
import { invoiceRecordValues, VERIFACTU_SEND_JOB } from '../verifactu/records.service.ts';
import {
  customerPartyOf,
  type InvoiceRow,
  invoiceLinesOf,
  invoiceOfOrder,
  invoiceSeriesOf,
  invoiceYear,
  issuerOf,
} from './invoices.service.ts';
import {
  type InvoiceValues,
  type IssueSourceRow,
  insertInvoiceSql,
  issueSourceSql,
  type TakenNumber,
  takeNumberParts,
  takeNumberSql,
} from './invoices.sql.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * issueInvoice's work in three statements (issue 22): one reads what the
 * invoice needs (an existing invoice, the store, the items, the customer),
 * unless the caller read it already (`read`: a notice's locking read);
 * then, at the end of the payment's transaction, one takes the series' number
 * and the issuer's chain end (both rows stay locked until the commit: numbers
 * without gaps, one chain without forks), and one inserts the invoice, its
 * VERI*FACTU record, the chain's new end, the record's send job and the
 * caller's `jobs` (the confirmation; `merge` adds the invoice's id to a job's
 * data). The send is one waiting job per issuer (verifactu.plugin.ts: a
 * second is dropped while one waits; it sends every queued record of the
 * issuer) and waits for the chain's next submission time when the AEAT set one.
 */
export async function issueInvoiceNow(
  tx: AppDb,
  order: OrderRow,
  now: Date,
  jobs: JobInsert[],
  read?: IssueSourceRow | null,
): Promise<InvoiceRow> {
  const source =
    read ?? (await queryRows<{ source: IssueSourceRow | null }>(tx, issueSourceSql(order)))[0]?.source;
  if (!source) throw new Error(`store ${order.storeId} missing`);
  if (source.existing_id !== null) {
    const existing = await invoiceOfOrder(tx, order.id);
    if (existing) return existing;
  }
  const prepared = prepareInvoice(order, now, source);
  // The counters, last: from here to the commit other payments of this series wait.
  const [row] = await queryRows<{ taken: TakenNumber | null }>(tx, takeNumberSql(prepared.take));
  return finishInvoice(tx, prepared, row?.taken ?? null, jobs);
}

/** An invoice computed from its source, before its number: the statement parts that take the number. */
export interface PreparedInvoice {
  values: InvoiceValues;
  recordIssuer: { nif: string; name: string } | null;
  take: { ctes: SQL; row: SQL };
  now: Date;
}

/** The invoice of `order` from its source (lines, parties, series and year), and how its number is taken. */
export function prepareInvoice(order: OrderRow, now: Date, source: IssueSourceRow): PreparedInvoice {
  const store = { id: order.storeId, settings: source.store_settings ?? {} };
  const lines = invoiceLinesOf(order, source.items, source.store_vat_rate_bp);
  const series = invoiceSeriesOf(store);
  const year = invoiceYear(now, source.store_language);
  const customer = customerPartyOf(order, source.customer);
  const issuer = issuerOf(store);
  const values: InvoiceValues = {
    orderId: order.id,
    series,
    year,
    number: 0,
    baseCents: lines.reduce((sum, line) => sum + line.baseCents, 0),
    vatCents: lines.reduce((sum, line) => sum + line.vatCents, 0),
    totalCents: order.totalCents,
    vatRateBp: source.store_vat_rate_bp,
    type: customer.type,
    issuer,
    customer: customer.party,
    lines,
    language: source.store_language,
    issuedAt: now,
  };
  const recordIssuer = verifactuIssuer(issuer);
  return { values, recordIssuer, take: takeNumberParts(series, year, recordIssuer?.nif ?? null), now };
}

/** Inserts a prepared invoice with the number (and chain end) `taken`, its record and the jobs, in one statement. */
export async function finishInvoice(
  tx: AppDb,
  prepared: PreparedInvoice,
  taken: TakenNumber | null,
  jobs: JobInsert[],
): Promise<InvoiceRow> {
  const { values, recordIssuer, now } = prepared;
  if (!taken) throw new Error(`no invoice number for ${values.series}/${values.year}`);
  values.number = Number(taken.number);
  const invoice: InvoiceRow = { ...values, id: 0, fileId: null, mailId: null };
  const record = recordIssuer ? invoiceRecordValues(invoice, recordIssuer, taken, now) : null;
  const queued = record ? [sendJob(record.issuerNif, taken.next_send_at, now), ...jobs] : jobs;
  const [inserted] = await queryRows<{ id: number }>(tx, insertInvoiceSql(values, record, queued));
  if (!inserted) throw new Error('invoice not inserted');
  invoice.id = inserted.id;
  return invoice;
}

/** The issuer's send job: at its next submission time when that is still ahead (Orden HAC/1177/2024 art. 16.2). */
function sendJob(nif: string, nextSendAt: Date | string | null | undefined, now: Date): JobInsert {
  const at = nextSendAt ? new Date(nextSendAt) : null;
  return {
    name: VERIFACTU_SEND_JOB,
    data: { issuer_nif: nif },
    singletonKey: nif,
    ...(at && at.getTime() > now.getTime() ? { startAfter: at } : {}),
  };
}
