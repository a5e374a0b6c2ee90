import {
  formatEuros,
  formatMultibancoReference,
  formatVoucherExpiry,
  isPaidOrderStatus,
  type Language,
  LanguageSchema,
  type Voucher,
  voucherAmountCents,
} from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, payments, stores } from '../../db/schema/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { enqueue } from '../jobs/queue.ts';
import { queueMail } from '../mail/mail.service.ts';
import { orderPageLine, orderPageUrl, type StorefrontLinks } from '../orders/order-page-link.ts';
import { voucherOf } from './pending-payment.ts';

/** The job that reminds the customer of a voucher still unpaid, 24 hours before it expires. */
export const VOUCHER_REMINDER_JOB = 'payment.voucher_reminder';
export interface VoucherReminderJob {
  paymentId: number;
}

/** How long before the voucher's expiry the reminder goes. */
export const VOUCHER_REMINDER_BEFORE_MS = 24 * 3_600_000;

/** The voucher mail (issued) or its reminder: subject, text and HTML in the store's language. */
export function voucherMail(input: {
  language: Language;
  portal: string;
  orderId: string;
  voucher: Voucher;
  reminder: boolean;
  /** The order's page on the storefront (orderPageUrl): the mail links to it. */
  orderPage?: string;
}): { subject: string; text: string; html: string } {
  const { language, portal, orderId, voucher } = input;
  const t = (key: string, vars?: TranslationVars) =>
    translate(language, `pendingPayment.mail.${key}` as TranslationKey, vars);
  const expires = formatVoucherExpiry(voucher.expires_at, language);
  const cents = voucherAmountCents(voucher.amount);
  const subject = t(input.reminder ? 'reminderSubject' : 'subject', { order: orderId });
  const intro = input.reminder
    ? t('reminderIntro', { order: orderId, portal, date: expires })
    : t('intro', { order: orderId, portal });
  const fields = [
    t('entity', { value: voucher.entity }),
    t('reference', { value: formatMultibancoReference(voucher.reference) }),
    t('amount', { value: cents === null ? voucher.amount : formatEuros(cents, language) }),
    t('expires', { value: expires }),
  ];
  const link = input.orderPage ? orderPageLine(language, input.orderPage) : null;
  const text = [
    t('greeting'),
    intro,
    fields.join('\n'),
    t('after'),
    ...(link ? [link] : []),
    t('closing', { portal }),
  ].join('\n\n');
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(
    subject,
  )}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px">
<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(intro)}</p>
<ul style="list-style:none;padding:12px 16px;border:1px solid #ccc;border-radius:6px;font-size:16px">${fields
    .map((f) => `<li><strong>${escapeHtml(f)}</strong></li>`)
    .join('')}</ul>
<p>${escapeHtml(t('after'))}</p>${
    input.orderPage
      ? `\n<p>${escapeHtml(translate(language, 'orderMail.link', { link: '' }).trim())} <a href="${escapeHtml(input.orderPage)}">${escapeHtml(input.orderPage)}</a></p>`
      : ''
  }
<p>${escapeHtml(t('closing', { portal }))}</p>
</body></html>`;
  return { subject, text: `${text}\n`, html };
}

async function storeOf(
  tx: AppDb,
  storeId: number,
): Promise<{ portal: string; language: Language; homepage: string | null }> {
  const [store] = await tx
    .select({ portal: stores.portalName, language: stores.language, homepage: stores.homepage })
    .from(stores)
    .where(eq(stores.id, storeId));
  return {
    portal: store?.portal ?? '',
    language: LanguageSchema.safeParse(store?.language).data ?? 'es',
    homepage: store?.homepage ?? null,
  };
}

/**
 * A voucher was issued: its mail (store's language) and its reminder job
 * (24 hours before the expiry, when that is still ahead) are queued in the
 * caller's transaction, the one that records the payment's result, so they
 * exist only if that result commits.
 */
export async function queueVoucherMail(
  tx: AppDb,
  input: {
    order: { id: string; storeId: number; email: string };
    paymentId: number;
    voucher: Voucher;
    now?: Date;
  },
): Promise<void> {
  const { order, voucher } = input;
  const { portal, language, homepage } = await storeOf(tx, order.storeId);
  // The payment's path knows no storefront address: the store's homepage and the default prefix.
  const orderPage = orderPageUrl({}, { homepage }, order);
  await queueMail(tx, {
    storeId: order.storeId,
    to: order.email,
    ...voucherMail({ language, portal, orderId: order.id, voucher, reminder: false, orderPage }),
  });
  const remindAt = Date.parse(voucher.expires_at) - VOUCHER_REMINDER_BEFORE_MS;
  if (Number.isFinite(remindAt) && remindAt > (input.now ?? new Date()).getTime()) {
    await enqueue(tx, VOUCHER_REMINDER_JOB, { paymentId: input.paymentId } satisfies VoucherReminderJob, {
      startAfter: new Date(remindAt),
    });
  }
}

/**
 * The reminder job: mails the voucher again when, at run time, its payment is
 * still waiting, the order is not paid and the voucher has not expired. The
 * payment remembers the reminder's mail, so a job run twice mails once.
 * Returns whether it queued a mail.
 */
export async function runVoucherReminder(
  db: AppDb,
  job: VoucherReminderJob,
  now: Date = new Date(),
  storefront: StorefrontLinks = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, job.paymentId))
      .for('update', { of: payments });
    if (!found) return false;
    const { payment, order } = found;
    const voucher = voucherOf(payment);
    const waiting = payment.status === 'pending' || payment.status === 'created';
    if (
      !voucher ||
      !waiting ||
      isPaidOrderStatus(order.status) ||
      payment.data.reminder_mail_id !== undefined
    )
      return false;
    if (Date.parse(voucher.expires_at) <= now.getTime()) return false;
    const { portal, language, homepage } = await storeOf(tx, order.storeId);
    const orderPage = orderPageUrl(storefront, { homepage }, order);
    const mailId = await queueMail(tx, {
      storeId: order.storeId,
      to: order.email,
      ...voucherMail({ language, portal, orderId: order.id, voucher, reminder: true, orderPage }),
    });
    await tx
      .update(payments)
      .set({ data: { ...payment.data, reminder_mail_id: mailId }, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    return true;
  });
}
