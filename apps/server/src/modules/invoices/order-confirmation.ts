import { createHash } from 'node:crypto';
import { formatEuros, type Language, statusDisplayKey, statusWord } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { type AppDb, queryRows } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { promiseText } from '../calendars/promise-text.ts';
import { type InvoiceDocument, invoiceFileName } from '../documents/invoice-pdf.ts';
import type { PdfRenderer } from '../documents/pdf-pool.ts';
import type { FileStorage } from '../files/storage.ts';
import { enqueue } from '../jobs/queue.ts';
import { MAIL_SEND_JOB, type MailSendJob } from '../mail/mail.service.ts';
import { orderPageLine, orderPageUrl } from '../orders/order-page-link.ts';
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

/** What the confirmation needs to build storefront links: the prefix and each store's origin. */
export interface ConfirmationLinks {
  appPrefix: string;
  baseUrl: (store: { id: number; hostnames: string[]; homepage: string }) => string;
}

/**
 * The confirmation mail's link for a customer without a password: the log-in
 * page with the address filled in and the "log in with a link" form open, back
 * to the orders (stateless: no token is made per order).
 */
export function accountLinkOf(
  links: ConfirmationLinks,
  store: { id: number; hostnames: string[]; homepage: string },
  email: string,
): string {
  return `${links.baseUrl(store)}${links.appPrefix}/customer/authenticate/${encodeURIComponent(email)}?back=%2Fcustomer%2Forders&mode=link`;
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
  order: Pick<OrderRow, 'id' | 'totalCents' | 'email' | 'status' | 'panelStatusId'>;
  customerName: string;
  items: { name: string; qty: number; priceCents: number }[];
  invoiceNumber: string;
  /** The order's page on the storefront (orderPageUrl): the mail links to it. */
  orderPage?: string;
  /** The delivery promise's words (ADR 034), as the storefront showed them; null: none. */
  promise?: string | null;
  /**
   * For a customer without a password (registered with an e-mail only): the page
   * that mails a log-in link, from which a password can be chosen (ADR 031).
   */
  accountLink?: string | undefined;
}): { subject: string; text: string; html: string } {
  const { language, portal, order } = input;
  const t = (key: string, vars?: TranslationVars) =>
    translate(language, `payments.confirmation.${key}` as TranslationKey, vars);
  const money = (cents: number) => formatEuros(cents, language);
  const name = input.customerName || order.email;
  const lines = input.items.map(
    (item) => `${item.qty > 1 ? `${item.qty} × ` : ''}${item.name}: ${money(item.priceCents * item.qty)}`,
  );
  // The status reads as on the success and orders pages: the domain's vocabulary (ADR 033).
  const status = t('status', {
    status: statusWord(
      language,
      statusDisplayKey({
        status: order.status,
        panel_status_id: order.panelStatusId,
        pendingTramitation: false,
      }),
    ),
  });
  const paragraphs = [
    t('greeting', { name }),
    t('intro', { order: order.id }),
    status,
    `${t('items')}:\n${lines.map((l) => `- ${l}`).join('\n')}`,
    t('total', { total: money(order.totalCents) }),
    ...(input.promise ? [input.promise] : []),
    t('invoice', { invoice: input.invoiceNumber }),
    ...(input.orderPage ? [orderPageLine(language, input.orderPage)] : []),
    ...(input.accountLink ? [`${translate(language, 'mailAccount.noPassword')}\n${input.accountLink}`] : []),
    t('closing', { portal }),
  ];
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(
    t('subject', { order: order.id, portal }),
  )}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px">
<p>${escapeHtml(t('greeting', { name }))}</p>
<p>${escapeHtml(t('intro', { order: order.id }))}</p>
<p>${escapeHtml(status)}</p>
<h2 style="font-size:16px">${escapeHtml(t('items'))}</h2>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><strong>${escapeHtml(t('total', { total: money(order.totalCents) }))}</strong></p>
${input.promise ? `<p><strong>${escapeHtml(input.promise)}</strong></p>\n` : ''}<p>${escapeHtml(t('invoice', { invoice: input.invoiceNumber }))}</p>${
    input.orderPage
      ? `\n<p>${escapeHtml(translate(language, 'orderMail.link', { link: '' }).trim())} <a href="${escapeHtml(input.orderPage)}">${escapeHtml(input.orderPage)}</a></p>`
      : ''
  }
${input.accountLink ? `<p>${escapeHtml(translate(language, 'mailAccount.noPassword'))} <a href="${escapeHtml(input.accountLink)}">${escapeHtml(input.accountLink)}</a></p>\n` : ''}<p>${escapeHtml(t('closing', { portal }))}</p>
</body></html>`;
  return { subject: t('subject', { order: order.id, portal }), text: `${paragraphs.join('\n\n')}\n`, html };
}

/**
 * The order.confirmation job, the whole confirmation in one job (issue 22):
 * one statement reads the invoice, its order and items; the invoice PDF is
 * rendered (pdfkit, in a worker thread: ADR 039) and stored; one statement
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
  {
    storeMail = false,
    links,
    renderPdf,
  }: {
    /** The app's PDF renderer (`app.pdf.render`): worker threads, off the event loop (ADR 039). */
    renderPdf: PdfRenderer['render'];
    storeMail?: boolean;
    /** Where the storefront is: the mail links to the order's page and, without a password, to a log-in link. */
    links?: ConfirmationLinks | undefined;
  },
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
    const pdf = await renderPdf(document);
    await storage.put(key, pdf);
    file = {
      storageKey: key,
      filename,
      sizeBytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    };
  }
  const store = {
    id: source.order_store_id,
    hostnames: source.store_hostnames,
    homepage: source.store_homepage,
  };
  const mail = confirmationMail({
    language: invoice.language,
    portal: source.portal,
    order: {
      id: invoice.orderId,
      totalCents: source.order_total_cents,
      email: source.order_email,
      status: source.order_status,
      panelStatusId: source.order_panel_status_id,
    },
    customerName: invoice.customer.name === source.order_email ? '' : invoice.customer.name,
    items: source.items,
    invoiceNumber: invoiceCode(invoice),
    orderPage: orderPageUrl({ baseUrl: links?.baseUrl(store), appPrefix: links?.appPrefix }, store, {
      id: invoice.orderId,
      storeId: source.order_store_id,
    }),
    promise: promiseText(
      invoice.language,
      source.order_store_id,
      source.order_promised_at ? new Date(source.order_promised_at) : null,
    ),
    accountLink: links && source.no_password ? accountLinkOf(links, store, source.order_email) : undefined,
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
