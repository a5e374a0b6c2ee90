import { createHash } from 'node:crypto';
import { formatEuros, type Language } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { type AppDb, queryRows } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from '../documents/invoice-pdf.ts';
import type { FileStorage } from '../files/storage.ts';
import { enqueue } from '../jobs/queue.ts';
import { MAIL_SEND_JOB, type MailSendJob } from '../mail/mail.service.ts';
import { type InvoiceRow, invoiceCode } from './invoices.service.ts';
import {
  type ConfirmationSourceRow,
  type ConfirmationWrite,
  confirmationSourceSql,
  confirmationWriteSql,
} from './order-confirmation.sql.ts';

/** The job that renders the invoice PDF and queues the confirmation mail of a paid order. */
export const ORDER_CONFIRMATION_JOB = 'order.confirmation';

export interface OrderConfirmationJob {
  orderId: string;
  invoiceId: number;
}

/** Queues the confirmation in the payment's transaction: it exists only if the payment commits. */
export async function queueConfirmation(tx: AppDb, job: OrderConfirmationJob): Promise<void> {
  await enqueue(tx, ORDER_CONFIRMATION_JOB, job);
}

type OrderRow = typeof orders.$inferSelect;

/** The renderer's view of an issued invoice (its snapshots, not today's data). */
export function invoiceDocumentOf(invoice: InvoiceRow): InvoiceDocument {
  return {
    kind: 'invoice',
    type: invoice.type,
    series: invoice.series,
    number: invoice.number,
    year: invoice.year,
    issuedAt: invoice.issuedAt,
    language: invoice.language,
    issuer: {
      name: invoice.issuer.name,
      taxId: invoice.issuer.taxId ?? '',
      address: invoice.issuer.address ?? '',
    },
    customer: {
      name: invoice.customer.name,
      taxId: invoice.customer.taxId ?? null,
      address: invoice.customer.address ?? null,
      email: invoice.customer.email ?? '',
    },
    lines: invoice.lines,
    vatRateBp: invoice.vatRateBp,
    baseCents: invoice.baseCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    orderId: invoice.orderId,
  };
}

/** Where an invoice's PDF is stored: one fixed key per invoice, so a retried job rewrites the same file. */
export const invoiceStorageKey = (invoice: Pick<InvoiceRow, 'series' | 'year' | 'number'>) =>
  `invoices/${invoice.year}/${invoice.series.toLowerCase()}-${invoice.number}`;

/** The confirmation mail: subject, text and HTML in the store's language. */
export function confirmationMail(input: {
  language: Language;
  portal: string;
  order: Pick<OrderRow, 'id' | 'totalCents' | 'email'>;
  customerName: string;
  items: { name: string; qty: number; priceCents: number }[];
  invoiceNumber: string;
}): { subject: string; text: string; html: string } {
  const { language, portal, order } = input;
  const t = (key: string, vars?: TranslationVars) =>
    translate(language, `payments.confirmation.${key}` as TranslationKey, vars);
  const money = (cents: number) => formatEuros(cents, language);
  const name = input.customerName || order.email;
  const lines = input.items.map(
    (item) => `${item.qty > 1 ? `${item.qty} × ` : ''}${item.name}: ${money(item.priceCents * item.qty)}`,
  );
  const paragraphs = [
    t('greeting', { name }),
    t('intro', { order: order.id }),
    `${t('items')}:\n${lines.map((l) => `- ${l}`).join('\n')}`,
    t('total', { total: money(order.totalCents) }),
    t('invoice', { invoice: input.invoiceNumber }),
    t('closing', { portal }),
  ];
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(
    t('subject', { order: order.id, portal }),
  )}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px">
<p>${escapeHtml(t('greeting', { name }))}</p>
<p>${escapeHtml(t('intro', { order: order.id }))}</p>
<h2 style="font-size:16px">${escapeHtml(t('items'))}</h2>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><strong>${escapeHtml(t('total', { total: money(order.totalCents) }))}</strong></p>
<p>${escapeHtml(t('invoice', { invoice: input.invoiceNumber }))}</p>
<p>${escapeHtml(t('closing', { portal }))}</p>
</body></html>`;
  return { subject: t('subject', { order: order.id, portal }), text: `${paragraphs.join('\n\n')}\n`, html };
}

/**
 * The order.confirmation job, the whole confirmation in one job (issue 22):
 * one statement reads the invoice, its order and items; the invoice PDF is
 * rendered (pdfkit, fonts prepared once per process) and stored; one statement
 * records the file, writes the mail with the PDF attached and marks the
 * invoice done. Without SMTP (`storeMail`) the mail is written as stored, so
 * no `mail.send` job follows; with SMTP the delivery job is queued in the same
 * transaction. Safe to run again: the invoice row, locked while it has no
 * mail, remembers the file and the mail, so a retried job neither stores nor
 * mails twice.
 */
export async function runOrderConfirmation(
  db: AppDb,
  storage: FileStorage,
  job: OrderConfirmationJob,
  { storeMail = false }: { storeMail?: boolean } = {},
): Promise<void> {
  const [source] = await queryRows<ConfirmationSourceRow>(db, confirmationSourceSql(job.invoiceId));
  if (!source || source.mail_id !== null) return;
  const invoice: InvoiceRow = {
    id: source.id,
    orderId: source.order_id,
    series: source.series,
    year: source.year,
    number: source.number,
    baseCents: source.base_cents,
    vatCents: source.vat_cents,
    totalCents: source.total_cents,
    vatRateBp: source.vat_rate_bp,
    type: source.type,
    issuer: source.issuer as InvoiceRow['issuer'],
    customer: source.customer,
    lines: source.lines,
    language: source.language,
    fileId: source.file_id,
    mailId: source.mail_id,
    issuedAt: new Date(source.issued_at),
  };
  const document = invoiceDocumentOf(invoice);
  const filename = invoiceFileName(document);
  const key = invoiceStorageKey(invoice);
  let file: ConfirmationWrite['file'] = null;
  if (invoice.fileId === null) {
    const pdf = await renderInvoicePdf(document);
    await storage.put(key, pdf);
    file = {
      storageKey: key,
      filename,
      sizeBytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    };
  }
  const mail = confirmationMail({
    language: invoice.language,
    portal: source.portal,
    order: { id: invoice.orderId, totalCents: source.order_total_cents, email: source.order_email },
    customerName: invoice.customer.name === source.order_email ? '' : invoice.customer.name,
    items: source.items,
    invoiceNumber: invoiceCode(invoice),
  });
  const write = confirmationWriteSql({
    invoiceId: invoice.id,
    file,
    filename,
    mail: { storeId: source.order_store_id, to: source.order_email, ...mail },
    stored: storeMail,
  });
  if (storeMail) {
    // One statement is its own transaction.
    await queryRows(db, write);
    return;
  }
  await db.transaction(async (tx) => {
    const [written] = await queryRows<{ mail_id: number }>(tx, write);
    if (written) await enqueue(tx, MAIL_SEND_JOB, { mailId: written.mail_id } satisfies MailSendJob);
  });
}
