import { INVOICE_NUMBER_DIGITS } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { InvoiceLine, InvoiceParty } from '../../db/schema/index.ts';
import { insertJobsSql, type JobInsert } from '../jobs/jobs-sql.ts';
import type { RecordTemplate } from '../verifactu/record-template.ts';

/**
 * The invoice's SQL on the payment's hot path (issue 22), hand-written: one
 * statement reads what an invoice needs, one issues it with its VERI*FACTU
 * record. The counters (the series' next number, the issuer's chain) are
 * taken by that last statement, so concurrent payments wait on them for that
 * statement and the commit only (a notice sends both in one round trip:
 * db/commit-with.ts).
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

/**
 * Takes the series' next number (the upsert locks its row until the
 * transaction ends: a rolled-back payment gives its number back, so numbers
 * have no gaps) and, for a Spanish issuer, locks the issuer's VERI*FACTU
 * chain: CTEs (`seq`, `chain`) for a statement of the caller's (a capture's
 * order move, payment-outcome.ts) or `numberLocksSql`'s own. The invoice's
 * statement (issueInvoiceSql) then reads both as this transaction left them.
 */
export function numberLocks(series: string, year: number, issuerNif: string | null): SQL {
  const seq = sql`seq AS (
    INSERT INTO invoice_sequences (series, year, next) VALUES (${series}::text, ${year}::int, 2)
    ON CONFLICT (series, year) DO UPDATE SET next = invoice_sequences.next + 1
    RETURNING next
  )`;
  if (issuerNif === null) return seq;
  return sql`${seq}, chain AS (
    INSERT INTO verifactu_chains (issuer_nif) VALUES (${issuerNif}::text)
    ON CONFLICT (issuer_nif) DO UPDATE SET issuer_nif = excluded.issuer_nif
    RETURNING length
  )`;
}

/** numberLocks as a statement of its own. */
export const numberLocksSql = (locks: SQL): SQL => sql`WITH ${locks} SELECT 1 AS locked`;

/**
 * Issues an invoice in one statement, after numberLocks in the same
 * transaction: it reads the number taken and the chain's end (rows this
 * transaction holds, so a later statement reads them as they are now), inserts
 * the invoice and `jobs` (pg-boss's rows, insertJobsSql; a job with `merge`
 * gets the invoice's id as `invoiceId`) and, with a record (a Spanish issuer),
 * completes the record from the number and the chain's end (record-template.ts:
 * the marks replaced, the huella hashed here), inserts it and moves the
 * chain's end; a job with `afterJoin` (the record's send) waits for the
 * chain's next submission time. The values are read as scalars, so without
 * the locks' rows the statement fails rather than issue nothing. Answers the
 * invoice's id and number; `invoice.number` is not read.
 */
export function issueInvoiceSql(
  invoice: InvoiceValues,
  record: RecordTemplate | null,
  jobs: JobInsert[],
): SQL {
  const taken = sql`(SELECT next - 1 FROM invoice_sequences WHERE series = ${invoice.series}::text AND year = ${invoice.year}::int)`;
  const insert = sql`
    INSERT INTO invoices (order_id, series, year, number, base_cents, vat_cents, total_cents, vat_rate_bp, type,
                          issuer, customer, lines, language, issued_at)
    SELECT ${invoice.orderId}::text, ${invoice.series}::text, ${invoice.year}::int, c.number,
           ${invoice.baseCents}::int, ${invoice.vatCents}::int, ${invoice.totalCents}::int, ${invoice.vatRateBp}::int,
           ${invoice.type}::text, ${JSON.stringify(invoice.issuer)}::jsonb, ${JSON.stringify(invoice.customer)}::jsonb,
           ${JSON.stringify(invoice.lines)}::jsonb, ${invoice.language}::text, ${invoice.issuedAt.toISOString()}::timestamptz
      FROM c
    RETURNING id, number`;
  const merge = sql`jsonb_build_object('invoiceId', inv.id)`;
  if (!record) {
    const queued =
      jobs.length > 0 ? sql`, jobs AS (${insertJobsSql(jobs, { from: sql`inv`, merge })})` : sql``;
    return sql`WITH c AS (SELECT ${taken} AS number), inv AS (${insert})${queued} SELECT id, number FROM inv`;
  }
  const m = record.marks;
  const nif = sql`${record.issuerNif}::text`;
  const now = sql`${record.now.toISOString()}::timestamptz`;
  // formatInvoiceNumber's correlative: at least INVOICE_NUMBER_DIGITS digits, never cut.
  const digits = sql`lpad(t.number::text, greatest(${INVOICE_NUMBER_DIGITS}::int, length(t.number::text)), '0')`;
  // record-xml.ts escapeXml's five escapes, for the previous record's number (its other values need none).
  const escaped = (value: SQL) =>
    sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&apos;')`;
  const hashed = sql`replace(replace(replace(${record.hashInput}::text, ${m.number}::text, c.digits),
                       ${m.previousHuella}::text, coalesce(c.previous_huella, '')), ${m.generatedAt}::text, c.generated_at)`;
  const link = sql`CASE WHEN c.previous_huella IS NULL THEN ${record.firstLink}::text
                        ELSE replace(replace(replace(${record.chainedLink}::text, ${m.previousNumSerie}::text,
                               ${escaped(sql`c.last_num_serie`)}), ${m.previousFecha}::text, c.last_fecha),
                               ${m.previousHuella}::text, c.previous_huella) END`;
  const xml = sql`replace(replace(replace(replace(${record.xml}::text, ${record.chainedLink}::text, ${link}),
                    ${m.number}::text, c.digits), ${m.generatedAt}::text, c.generated_at), ${m.huella}::text, h.huella)`;
  const queued =
    jobs.length > 0
      ? sql`, jobs AS (${insertJobsSql(jobs, { from: sql`inv, c`, merge, startAfter: sql`c.next_send_at` })})`
      : sql``;
  // records.service.ts appendRecord's rules: a chain's end without its three values links to no record, and a
  // record takes the time of the one before when that is later than now (the text that record was written with).
  return sql`
  WITH t AS (
    SELECT ${taken} AS number, ch.length, ch.last_num_serie, ch.last_fecha, ch.last_huella, ch.last_generated_at,
           ch.next_send_at
      FROM (SELECT 1) one LEFT JOIN verifactu_chains ch ON ch.issuer_nif = ${nif}
  ), c AS (
    SELECT t.number, ${digits} AS digits, ${record.numberPrefix}::text || ${digits} AS num_serie,
           t.length + 1 AS position, t.last_num_serie, t.last_fecha, t.next_send_at,
           CASE WHEN nullif(t.last_huella, '') IS NOT NULL AND nullif(t.last_num_serie, '') IS NOT NULL
                     AND nullif(t.last_fecha, '') IS NOT NULL THEN t.last_huella END AS previous_huella,
           CASE WHEN t.last_generated_at > ${now}
                THEN (SELECT r.generated_at FROM verifactu_records r WHERE r.issuer_nif = ${nif} AND r.seq = t.length)
                ELSE ${record.nowText}::text END AS generated_at,
           greatest(t.last_generated_at, ${now}) AS generated_ts
      FROM t
  ), h AS (
    SELECT upper(encode(sha256(convert_to(${hashed}, 'UTF8')), 'hex')) AS huella FROM c
  ), inv AS (${insert}), rec AS (
    INSERT INTO verifactu_records (issuer_nif, issuer_name, seq, kind, invoice_id, tipo_factura, num_serie,
                                   fecha_expedicion, cuota_cents, importe_cents, generated_at, previous_huella, huella, xml)
    SELECT ${nif}, ${record.issuerName}::text, c.position, 'alta', inv.id, ${record.tipoFactura}::text, c.num_serie,
           ${record.fechaExpedicion}::text, ${record.cuotaCents}::int, ${record.importeCents}::int, c.generated_at,
           c.previous_huella, h.huella, ${xml}
      FROM c, h, inv
    RETURNING id
  ), ends AS (
    UPDATE verifactu_chains SET length = c.position, last_num_serie = c.num_serie,
           last_fecha = ${record.fechaExpedicion}::text, last_huella = h.huella, last_generated_at = c.generated_ts
      FROM c, h
     WHERE verifactu_chains.issuer_nif = ${nif}
  )${queued}
  SELECT inv.id, inv.number FROM inv, rec`;
}
