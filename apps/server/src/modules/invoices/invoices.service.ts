import {
  feeBreakdown,
  formatInvoiceNumber,
  type InvoiceType,
  invoiceTypeFor,
  isPortugueseStore,
  type Language,
} from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import {
  type InvoiceLine,
  type InvoiceParty,
  invoiceSequences,
  invoices,
  type orders,
  type stores,
} from '../../db/schema/index.ts';
import type { JobInsert } from '../jobs/jobs-sql.ts';
import { issueInvoiceNow } from './invoice-issue.ts';
import type { IssueSourceRow } from './invoices.sql.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

/** Who issues the invoices (every store unless its settings name another issuer). */
export interface Issuer {
  name: string;
  taxId: string;
  address: string;
}

/** The issuer of a shop with no INVOICE_ISSUER_* set: an example, refused in production (production-checks.ts). */
export const EXAMPLE_ISSUER: Readonly<Issuer> = {
  name: 'Registro Online Example S.L.',
  taxId: 'B00000000',
  address: 'Calle Example 1, 28001 Madrid, España',
};

/** Until the payments plugin sets the one of env INVOICE_ISSUER_* (the environment is read in env.ts only). */
let defaultIssuer: Issuer = { ...EXAMPLE_ISSUER };

/** Sets the issuer every store invoices as (env INVOICE_ISSUER_*; the payments plugin at start). */
export function setDefaultIssuer(issuer: Partial<Issuer>): void {
  defaultIssuer = { ...defaultIssuer, ...Object.fromEntries(Object.entries(issuer).filter(([, v]) => v)) };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The store's issuer: `settings.issuer` ({ name, tax_id, address }) or the default. */
export function issuerOf(store: Pick<StoreRow, 'settings'>): Issuer {
  const own = store.settings.issuer as Record<string, unknown> | undefined;
  if (own && asText(own.name) && asText(own.tax_id)) {
    return { name: asText(own.name), taxId: asText(own.tax_id), address: asText(own.address) };
  }
  return defaultIssuer;
}

/**
 * The invoice series of a store: `settings.invoice_series`, else one series per
 * issuing country ('ES' for the Spanish, English and generic stores, 'PT' for
 * the Portuguese ones), numbered from 1 each year.
 */
export function invoiceSeriesOf(store: Pick<StoreRow, 'id' | 'settings'>): string {
  const own = asText(store.settings.invoice_series);
  if (/^[A-Z0-9-]{1,12}$/.test(own)) return own;
  return isPortugueseStore(store.id) ? 'PT' : 'ES';
}

/**
 * Takes the next number of a series and year. The upsert locks the series' row
 * until the caller's transaction ends, so concurrent payments queue on it and
 * a rolled-back payment gives its number back: numbers have no gaps.
 */
export async function takeInvoiceNumber(tx: AppDb, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ series, year, next: 2 })
    .onConflictDoUpdate({
      target: [invoiceSequences.series, invoiceSequences.year],
      set: { next: sql`${invoiceSequences.next} + 1` },
    })
    .returning({ issued: sql<number>`${invoiceSequences.next} - 1` });
  if (!row) throw new Error(`no invoice number for ${series}/${year}`);
  return Number(row.issued);
}

/** "Name, address, postcode city (province)" of billing data, skipping blanks. */
function billingAddress(billing: Record<string, string>): string {
  const place = [billing.postcode, billing.city].filter(Boolean).join(' ');
  return [billing.address, place, billing.province].filter(Boolean).join(', ');
}

/**
 * The customer as the invoice names them and the invoice's type: the order's
 * billing data, else the customer record's, give a complete invoice (F1) with
 * name, tax id and address (RD 1619/2012 art. 6.1.c-e); without them it is a
 * simplified invoice (F2, art. 7), which names no customer (the e-mail is kept
 * for the mail only).
 */
export function customerPartyOf(
  order: OrderRow,
  customer: { billing: Record<string, string>; firstname: string; lastname: string } | null,
): { type: InvoiceType; party: InvoiceParty & { email: string } } {
  let billing = order.billing;
  let fallbackName = '';
  if (invoiceTypeFor(billing) === 'F2' && customer) {
    if (invoiceTypeFor(customer.billing) === 'F1') billing = customer.billing;
    fallbackName = `${customer.firstname ?? ''} ${customer.lastname ?? ''}`.trim();
  }
  const type = invoiceTypeFor(billing);
  if (type === 'F2') return { type, party: { name: fallbackName, email: order.email } };
  return {
    type,
    party: {
      name: billing.name ?? '',
      ...(billing.tax_id ? { taxId: billing.tax_id } : {}),
      ...(billingAddress(billing) ? { address: billingAddress(billing) } : {}),
      email: order.email,
    },
  };
}

/** The lines of an order: one per item, VAT split per line with the official fee outside it (DECISIONS.md "Money"). */
export function invoiceLinesOf(
  order: OrderRow,
  rows: { name: string; qty: number; priceCents: number; officialFeeCents: number }[],
  vatRateBp: number,
): InvoiceLine[] {
  const lines = rows.map((row) => {
    const total = row.priceCents * row.qty;
    const split = feeBreakdown(total, row.officialFeeCents * row.qty, vatRateBp);
    return {
      description: row.qty > 1 ? `${row.name} × ${row.qty}` : row.name,
      totalCents: total,
      officialFeeCents: split.officialFee,
      baseCents: split.service,
      vatCents: split.vat,
    };
  });
  // An order without items (or whose items do not add up to its total) is invoiced as one line.
  const itemsTotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (itemsTotal !== order.totalCents) {
    const split = feeBreakdown(order.totalCents, 0, vatRateBp);
    return [
      {
        description: rows[0]?.name ?? order.id,
        totalCents: order.totalCents,
        officialFeeCents: 0,
        baseCents: split.service,
        vatCents: split.vat,
      },
    ];
  }
  return lines;
}

/**
 * The year an invoice issued at `at` belongs to: the calendar year where the
 * store invoices (Lisbon for Portuguese, Madrid otherwise), the same zone the
 * PDF prints its date in, so a payment at 00:30 on 1 January in Madrid is
 * numbered in the new year.
 */
export function invoiceYear(at: Date, language: Language): number {
  const timeZone = language === 'pt' ? 'Europe/Lisbon' : 'Europe/Madrid';
  // Building an Intl formatter costs far more than using one: one per time zone.
  let format = yearFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' });
    yearFormats.set(timeZone, format);
  }
  return Number(format.format(at));
}
const yearFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Issues the order's invoice in the caller's transaction (the payment's):
 * the next number of the store's series for this year, the issuer's and the
 * customer's data as they are now, the lines with their VAT split, and its
 * VERI*FACTU record (invoice-issue.ts: three statements, the counters taken
 * last). An order is invoiced once: a second call returns the first invoice.
 * `jobs` are queued with the invoice and its record's send job, in its
 * INSERT statement (`merge`: the job's data gets the invoice's id).
 */
export async function issueInvoice(
  tx: AppDb,
  order: OrderRow,
  now: Date = new Date(),
  jobs: JobInsert[] = [],
  read?: IssueSourceRow | null,
): Promise<InvoiceRow> {
  return issueInvoiceNow(tx, order, now, jobs, read);
}

/** The invoice of an order, when it has one. */
export async function invoiceOfOrder(db: AppDb, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/** The printed invoice number: 'ES-2026-000042' (the domain's one format). */
export function invoiceCode(invoice: Pick<InvoiceRow, 'series' | 'year' | 'number'>): string {
  return formatInvoiceNumber(invoice);
}
