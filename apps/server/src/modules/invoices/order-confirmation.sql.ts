import { type SQL, sql } from 'drizzle-orm';

/**
 * The confirmation job's SQL (issue 22): hand-written, two statements per
 * order. Kept in its own file so columns added to the confirmation (a promised
 * time, say) are added here.
 */

/** What the job reads, in one statement: the invoice, its order's e-mail, store and total, the store's portal name, the items. */
export interface ConfirmationSourceRow {
  id: number;
  order_id: string;
  series: string;
  year: number;
  number: number;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  vat_rate_bp: number;
  type: 'F1' | 'F2';
  issuer: { name: string; taxId?: string; address?: string };
  customer: { name: string; taxId?: string; address?: string; email?: string };
  lines: {
    description: string;
    totalCents: number;
    officialFeeCents: number;
    baseCents: number;
    vatCents: number;
  }[];
  language: 'es' | 'pt' | 'en';
  file_id: number | null;
  mail_id: number | null;
  issued_at: Date | string;
  order_email: string;
  order_store_id: number;
  order_total_cents: number;
  order_status: string;
  order_panel_status_id: number | null;
  /** The delivery promise stored when paid (ADR 034). */
  order_promised_at: Date | string | null;
  portal: string;
  store_hostnames: string[];
  store_homepage: string;
  /** A customer registered without a password: the mail offers a log-in link (ADR 031). */
  no_password: boolean;
  items: { name: string; qty: number; priceCents: number }[];
}

export const confirmationSourceSql = (invoiceId: number): SQL => sql`
  SELECT i.id, i.order_id, i.series, i.year, i.number, i.base_cents, i.vat_cents, i.total_cents,
         i.vat_rate_bp, i.type, i.issuer, i.customer, i.lines, i.language, i.file_id, i.mail_id, i.issued_at,
         o.email AS order_email, o.store_id AS order_store_id, o.total_cents AS order_total_cents,
         o.status AS order_status, o.panel_status_id AS order_panel_status_id, o.promised_at AS order_promised_at,
         s.portal_name AS portal, s.hostnames AS store_hostnames, s.homepage AS store_homepage,
         (c.id IS NOT NULL AND c.password_hash IS NULL) AS no_password,
         coalesce((SELECT json_agg(json_build_object('name', oi.product_name, 'qty', oi.qty, 'priceCents', oi.price_cents)
                                   ORDER BY oi.id)
                     FROM order_items oi WHERE oi.order_id = o.id), '[]'::json) AS items
    FROM invoices i
    JOIN orders o ON o.id = i.order_id
    JOIN stores s ON s.id = o.store_id
    LEFT JOIN customers c ON c.id = o.customer_id
   WHERE i.id = ${invoiceId}::int`;

export interface ConfirmationWrite {
  invoiceId: number;
  /** The rendered PDF's file row, when this run rendered one (null: the invoice already has its file). */
  file: { storageKey: string; filename: string; sizeBytes: number; sha256: string } | null;
  filename: string;
  mail: { storeId: number; to: string; subject: string; text: string; html: string };
  /** True without SMTP: the mail is stored as it is written (no delivery job follows). */
  stored: boolean;
}

/**
 * One statement: locks the invoice while it still has no mail (a retried or
 * concurrent run finds it done and writes nothing), records the PDF's file
 * (its fixed storage key: a retry overwrites the same row), writes the mail
 * with the file attached and remembers file and mail on the invoice. Answers
 * the mail id, or no row when the invoice already had its mail.
 */
export const confirmationWriteSql = (w: ConfirmationWrite): SQL => sql`
  WITH locked AS (
    SELECT id, order_id, file_id FROM invoices WHERE id = ${w.invoiceId}::int AND mail_id IS NULL FOR UPDATE
  ), file AS (
    INSERT INTO files (storage_key, original_name, content_type, size_bytes, sha256, order_id, kind)
    SELECT ${w.file?.storageKey ?? ''}::text, ${w.filename}::text, 'application/pdf', ${w.file?.sizeBytes ?? 0}::int,
           ${w.file?.sha256 ?? ''}::text, locked.order_id, 'invoice'
      FROM locked WHERE locked.file_id IS NULL AND ${w.file !== null}::boolean
    ON CONFLICT (storage_key) DO UPDATE SET size_bytes = excluded.size_bytes, sha256 = excluded.sha256
    RETURNING id
  ), chosen AS (
    SELECT coalesce((SELECT id FROM file), locked.file_id) AS file_id FROM locked
  ), mail AS (
    INSERT INTO mail_messages (store_id, "to", subject, text, html, attachments, status, attempts, sent_at)
    SELECT ${w.mail.storeId}::int, ${w.mail.to}::text, ${w.mail.subject}::text, ${w.mail.text}::text, ${w.mail.html}::text,
           jsonb_build_array(jsonb_build_object('fileId', chosen.file_id, 'filename', ${w.filename}::text)),
           CASE WHEN ${w.stored}::boolean THEN 'stored' ELSE 'queued' END,
           CASE WHEN ${w.stored}::boolean THEN 1 ELSE 0 END,
           CASE WHEN ${w.stored}::boolean THEN now() END
      FROM chosen WHERE chosen.file_id IS NOT NULL
    RETURNING id
  )
  UPDATE invoices SET file_id = chosen.file_id, mail_id = mail.id
    FROM chosen, mail
   WHERE invoices.id = ${w.invoiceId}::int
  RETURNING mail.id AS mail_id`;
