import { type SQL, sql } from 'drizzle-orm';
import type { InvoiceLine, InvoiceParty } from '../../db/schema/index.ts';
import { insertJobsSql, type JobInsert } from '../jobs/jobs-sql.ts';

/**
 * The invoice's SQL on the payment's hot path (issue 22), hand-written: three
 * statements issue an invoice and its VERI*FACTU record. The counters (the
 * series' next number, the issuer's chain) are taken by the second, at the end
 * of the payment's transaction, so concurrent payments wait on them only for
 * the last two statements and the commit.
 */

/** What issuing reads in one statement: an existing invoice, the store, the items with their official fee, the customer. */
export interface IssueSourceRow {
  existing_id: number | null;
  store_language: 'es' | 'pt' | 'en';
  store_vat_rate_bp: number;
  store_settings: Record<string, unknown>;
  items: { name: string; qty: number; priceCents: number; officialFeeCents: number }[];
  customer: { billing: Record<string, string>; firstname: string; lastname: string } | null;
}

/**
 * The issue source of an order as one json value; the order's columns are SQL
 * (parameters, or a locking read's own columns: payments.repository.ts reads
 * it with the notice's locked order).
 */
export const issueSourceJson = (order: { id: SQL; storeId: SQL; customerId: SQL }): SQL => sql`
  (SELECT json_build_object(
            'existing_id', (SELECT id FROM invoices WHERE order_id = ${order.id}),
            'store_language', s.language, 'store_vat_rate_bp', s.vat_rate_bp, 'store_settings', s.settings,
            'items', coalesce((SELECT json_agg(json_build_object('name', oi.product_name, 'qty', oi.qty,
                                      'priceCents', oi.price_cents, 'officialFeeCents', p.official_fee_cents) ORDER BY oi.id)
                                 FROM order_items oi JOIN products p ON p.id = oi.product_id
                                WHERE oi.order_id = ${order.id}), '[]'::json),
            'customer', (SELECT json_build_object('billing', c.billing, 'firstname', c.firstname, 'lastname', c.lastname)
                           FROM customers c WHERE c.id = ${order.customerId}))
     FROM stores s WHERE s.id = ${order.storeId})`;

export const issueSourceSql = (order: { id: string; storeId: number; customerId: number }): SQL =>
  sql`SELECT ${issueSourceJson({
    id: sql`${order.id}::text`,
    storeId: sql`${order.storeId}::int`,
    customerId: sql`${order.customerId}::int`,
  })} AS source`;

/** The chain's end as the lock statement reads it (null columns for a new chain). */
export interface ChainEnd {
  length: number;
  last_num_serie: string | null;
  last_fecha: string | null;
  last_huella: string | null;
  last_generated_at: Date | string | null;
  /** When the issuer's next submission may go (the AEAT's TiempoEsperaEnvio); null before the first. */
  next_send_at?: Date | string | null;
}

/** What taking a number answers: the number and, for a Spanish issuer, the chain's end (absent otherwise). */
export type TakenNumber = { number: number } & ChainEnd;

/**
 * Takes the series' next number (the upsert locks its row until the
 * transaction ends: a rolled-back payment gives its number back, so numbers
 * have no gaps) and, for a Spanish issuer, locks the issuer's VERI*FACTU chain
 * and reads its end: CTEs (`seq`, `chain`) for a statement of the caller's
 * (a capture's order move, payment-outcome.ts) and the json value
 * (TakenNumber) it answers from them.
 */
export function takeNumberParts(
  series: string,
  year: number,
  issuerNif: string | null,
): { ctes: SQL; row: SQL } {
  const seq = sql`seq AS (
    INSERT INTO invoice_sequences (series, year, next) VALUES (${series}::text, ${year}::int, 2)
    ON CONFLICT (series, year) DO UPDATE SET next = invoice_sequences.next + 1
    RETURNING next - 1 AS number
  )`;
  if (issuerNif === null)
    return { ctes: seq, row: sql`(SELECT json_build_object('number', number) FROM seq)` };
  return {
    ctes: sql`${seq}, chain AS (
    INSERT INTO verifactu_chains (issuer_nif) VALUES (${issuerNif}::text)
    ON CONFLICT (issuer_nif) DO UPDATE SET issuer_nif = excluded.issuer_nif
    RETURNING length, last_num_serie, last_fecha, last_huella, last_generated_at, next_send_at
  )`,
    row: sql`(SELECT row_to_json(t) FROM (SELECT seq.number, chain.* FROM seq, chain) t)`,
  };
}

/** takeNumberParts as a statement of its own; answers `taken`. */
export const takeNumberSql = (parts: { ctes: SQL; row: SQL }): SQL =>
  sql`WITH ${parts.ctes} SELECT ${parts.row} AS taken`;

export interface InvoiceValues {
  orderId: string;
  series: string;
  year: number;
  number: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBp: number;
  type: 'F1' | 'F2';
  issuer: InvoiceParty;
  customer: InvoiceParty & { email?: string };
  lines: InvoiceLine[];
  language: 'es' | 'pt' | 'en';
  issuedAt: Date;
}

/** The record of the invoice being inserted (its invoice_id is the new invoice's). */
export interface RecordValues {
  issuerNif: string;
  issuerName: string;
  seq: number;
  tipoFactura: string;
  numSerie: string;
  fechaExpedicion: string;
  cuotaCents: number;
  importeCents: number;
  generatedAt: string;
  previousHuella: string | null;
  huella: string;
  xml: string;
  /** The chain's new end. */
  lastGeneratedAt: Date;
}

/**
 * Inserts the invoice and, with a record, the record and the chain's new end,
 * and `jobs` (pg-boss's rows, insertJobsSql; a job with `merge` gets the
 * invoice's id as `invoiceId`), in one statement; answers the invoice id.
 */
export function insertInvoiceSql(
  invoice: InvoiceValues,
  record: RecordValues | null,
  jobs: JobInsert[],
): SQL {
  const insert = sql`
    INSERT INTO invoices (order_id, series, year, number, base_cents, vat_cents, total_cents, vat_rate_bp, type,
                          issuer, customer, lines, language, issued_at)
    VALUES (${invoice.orderId}::text, ${invoice.series}::text, ${invoice.year}::int, ${invoice.number}::int,
            ${invoice.baseCents}::int, ${invoice.vatCents}::int, ${invoice.totalCents}::int, ${invoice.vatRateBp}::int,
            ${invoice.type}::text, ${JSON.stringify(invoice.issuer)}::jsonb, ${JSON.stringify(invoice.customer)}::jsonb,
            ${JSON.stringify(invoice.lines)}::jsonb, ${invoice.language}::text, ${invoice.issuedAt.toISOString()}::timestamptz)
    RETURNING id`;
  const queued =
    jobs.length > 0
      ? sql`, jobs AS (${insertJobsSql(jobs, { from: sql`inv`, merge: sql`jsonb_build_object('invoiceId', inv.id)` })})`
      : sql``;
  if (!record) return sql`WITH inv AS (${insert})${queued} SELECT id FROM inv`;
  return sql`
  WITH inv AS (${insert}),
  rec AS (
    INSERT INTO verifactu_records (issuer_nif, issuer_name, seq, kind, invoice_id, tipo_factura, num_serie,
                                   fecha_expedicion, cuota_cents, importe_cents, generated_at, previous_huella, huella, xml)
    SELECT ${record.issuerNif}::text, ${record.issuerName}::text, ${record.seq}::int, 'alta', inv.id,
           ${record.tipoFactura}::text, ${record.numSerie}::text, ${record.fechaExpedicion}::text,
           ${record.cuotaCents}::int, ${record.importeCents}::int, ${record.generatedAt}::text,
           ${record.previousHuella}::text, ${record.huella}::text, ${record.xml}::text
      FROM inv
    RETURNING id
  ), chain AS (
    UPDATE verifactu_chains SET length = ${record.seq}::int, last_num_serie = ${record.numSerie}::text,
           last_fecha = ${record.fechaExpedicion}::text, last_huella = ${record.huella}::text,
           last_generated_at = ${record.lastGeneratedAt.toISOString()}::timestamptz
     WHERE issuer_nif = ${record.issuerNif}::text
  )${queued}
  SELECT inv.id FROM inv, rec`;
}
