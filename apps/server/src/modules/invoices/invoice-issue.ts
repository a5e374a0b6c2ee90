import type { SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import type { JobInsert } from '../jobs/jobs-sql.ts';
import { verifactuIssuer } from '../verifactu/alta-data.ts';
import { invoiceRecordTemplate } from '../verifactu/record-template.ts';
import { VERIFACTU_SEND_JOB } from '../verifactu/records.service.ts';
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
  issueInvoiceSql,
  issueSourceSql,
  numberLocks,
  numberLocksSql,
} from './invoices.sql.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * issueInvoice's work in three statements (issue 22): one reads what the
 * invoice needs (an existing invoice, the store, the items, the customer),
 * unless the caller read it already (`read`: a notice's locking read); then,
 * at the end of the payment's transaction, one takes the series' number and
 * locks the issuer's chain (both rows stay locked until the commit: numbers
 * without gaps, one chain without forks), and one inserts the invoice, its
 * VERI*FACTU record completed from them, the chain's new end, the record's
 * send job and the caller's `jobs` (the confirmation; `merge` adds the
 * invoice's id to a job's data). A notice sends the last two with its order's
 * move and the commit, in one round trip (payment-outcome.ts). The send is one
 * waiting job per issuer (verifactu.plugin.ts: a second is dropped while one
 * waits; it sends every queued record of the issuer) and waits for the chain's
 * next submission time when the AEAT set one (Orden HAC/1177/2024 art. 16.2).
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
  const prepared = prepareInvoice(order, now, source, jobs);
  // The counters, last: from here to the commit other payments of this series wait.
  await queryRows(tx, numberLocksSql(prepared.locks));
  const [issued] = await queryRows<{ id: number; number: number }>(tx, prepared.issue);
  if (!issued) throw new Error('invoice not inserted');
  return { ...prepared.invoice, id: issued.id, number: Number(issued.number) };
}

/** An invoice computed from its source, before its number: the locks that take it and the statement that issues it. */
export interface PreparedInvoice {
  invoice: InvoiceRow;
  /** numberLocks' CTEs, for the caller's statement or a statement of their own. */
  locks: SQL;
  /** issueInvoiceSql with the record's template and the jobs (the issuer's send first). */
  issue: SQL;
}

export function prepareInvoice(
  order: OrderRow,
  now: Date,
  source: IssueSourceRow,
  jobs: JobInsert[],
): PreparedInvoice {
  const values = invoiceValuesOf(order, now, source);
  const invoice: InvoiceRow = { ...values, id: 0, fileId: null, mailId: null };
  const issuer = verifactuIssuer(values.issuer);
  const record = issuer ? invoiceRecordTemplate(invoice, issuer, now) : null;
  const send: JobInsert[] = issuer
    ? [
        {
          name: VERIFACTU_SEND_JOB,
          data: { issuer_nif: issuer.nif },
          singletonKey: issuer.nif,
          afterJoin: true,
        },
      ]
    : [];
  return {
    invoice,
    locks: numberLocks(values.series, values.year, issuer?.nif ?? null),
    issue: issueInvoiceSql(values, record, [...send, ...jobs]),
  };
}

/** The invoice of `order` from its source: lines, parties, series and year (its number is taken as it is inserted). */
function invoiceValuesOf(order: OrderRow, now: Date, source: IssueSourceRow): InvoiceValues {
  const store = { id: order.storeId, settings: source.store_settings ?? {} };
  const lines = invoiceLinesOf(order, source.items, source.store_vat_rate_bp);
  const customer = customerPartyOf(order, source.customer);
  return {
    orderId: order.id,
    series: invoiceSeriesOf(store),
    year: invoiceYear(now, source.store_language),
    number: 0,
    baseCents: lines.reduce((sum, line) => sum + line.baseCents, 0),
    vatCents: lines.reduce((sum, line) => sum + line.vatCents, 0),
    totalCents: order.totalCents,
    vatRateBp: source.store_vat_rate_bp,
    type: customer.type,
    issuer: issuerOf(store),
    customer: customer.party,
    lines,
    language: source.store_language,
    issuedAt: now,
  };
}
