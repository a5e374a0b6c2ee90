import { createHash } from 'node:crypto';
import { formatEuros, type Language, statusDisplayKey, statusWord } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { customers, files, invoices, orderItems, orders, stores } from '../../db/schema/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { promiseText } from '../calendars/promise-text.ts';
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from '../documents/invoice-pdf.ts';
import type { FileStorage } from '../files/storage.ts';
import { enqueue } from '../jobs/queue.ts';
import { queueMail } from '../mail/mail.service.ts';
import { orderPageLine, orderPageUrl } from '../orders/order-page-link.ts';
import { type InvoiceRow, invoiceCode } from './invoices.service.ts';

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
 * The order.confirmation job: renders the invoice PDF (pdfkit), stores it as a
 * file of the order, and queues the confirmation mail with it attached, in the
 * store's language. Safe to run again: the invoice row, locked, remembers the
 * file and the mail, so a retried job neither stores nor mails twice.
 */
export async function runOrderConfirmation(
  db: AppDb,
  storage: FileStorage,
  job: OrderConfirmationJob,
  /** Where the storefront is: the mail links to the order's page and, without a password, to a log-in link. */
  links?: ConfirmationLinks,
): Promise<void> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, job.invoiceId));
  if (!invoice || invoice.mailId !== null) return;
  const document = invoiceDocumentOf(invoice);
  const filename = invoiceFileName(document);
  const key = invoiceStorageKey(invoice);
  let pdf: Buffer | null = null;
  if (invoice.fileId === null) {
    pdf = await renderInvoicePdf(document);
    await storage.put(key, pdf);
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
    if (!locked || locked.mailId !== null) return;
    let fileId = locked.fileId;
    if (fileId === null && pdf) {
      const [file] = await tx
        .insert(files)
        .values({
          storageKey: key,
          originalName: filename,
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          orderId: locked.orderId,
          kind: 'invoice',
        })
        .onConflictDoUpdate({
          target: files.storageKey,
          set: { sizeBytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
        })
        .returning({ id: files.id });
      fileId = file?.id ?? null;
    }
    if (fileId === null) throw new Error(`invoice ${locked.id}: no stored PDF`);
    const [found] = await tx
      .select({
        order: orders,
        portal: stores.portalName,
        store: { id: stores.id, hostnames: stores.hostnames, homepage: stores.homepage },
        // No password: the mail offers a log-in link (same statement, no extra one per order).
        noPassword: sql<boolean>`(${customers.id} is not null and ${customers.passwordHash} is null)`,
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, locked.orderId));
    if (!found) throw new Error(`invoice ${locked.id}: order ${locked.orderId} missing`);
    const { order } = found;
    const items = await tx
      .select({ name: orderItems.productName, qty: orderItems.qty, priceCents: orderItems.priceCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const mail = confirmationMail({
      language: locked.language,
      portal: found.portal,
      order,
      customerName: locked.customer.name === order.email ? '' : locked.customer.name,
      items,
      invoiceNumber: invoiceCode(locked),
      orderPage: orderPageUrl(
        { baseUrl: links?.baseUrl(found.store), appPrefix: links?.appPrefix },
        found.store,
        order,
      ),
      promise: promiseText(locked.language, order.storeId, order.promisedAt),
      accountLink: links && found.noPassword ? accountLinkOf(links, found.store, order.email) : undefined,
    });
    const mailId = await queueMail(tx, {
      storeId: order.storeId,
      to: order.email,
      ...mail,
      attachments: [{ fileId, filename }],
    });
    await tx.update(invoices).set({ fileId, mailId }).where(eq(invoices.id, locked.id));
  });
}
