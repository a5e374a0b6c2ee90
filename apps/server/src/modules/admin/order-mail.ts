import { formatEuros } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { translate } from '../../http/translate.ts';
import { type MailAttachment, queueMail } from '../mail/mail.service.ts';
import { orderPageLine, orderPageUrl, type StorefrontLinks } from '../orders/order-page-link.ts';

/**
 * Mails the back office sends a customer about their order (the result
 * document, an incident, a credit note), in the store's language, queued in the caller's
 * transaction (they go out only if the change commits).
 */
export async function queueOrderMail(
  tx: AppDb,
  order: { id: string; storeId: number; email: string },
  kind: 'resultMail' | 'incidentMail' | 'creditNoteMail',
  vars: {
    product?: string;
    message?: string;
    number?: string;
    /** A credit note's: the rectified invoice's number, the reason, the refunded amount. */
    invoice?: string;
    reason?: string;
    amountCents?: number;
    /** The delivery mail's paragraph about a late order's refund (ADR 034), with its leading blank line; '' when none. */
    late?: string;
  },
  attachments: MailAttachment[] = [],
  /** A page of the storefront the mail links to (`{{link}}`): its path under `baseUrl`, or the store's homepage when that is ''. */
  link?: { baseUrl: string; path: string },
  /** Where the storefront is, for the order page's link every order mail ends with (issue 20 item 7). */
  storefront: StorefrontLinks = {},
): Promise<number> {
  const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
  const language = store?.language ?? 'es';
  const base = link ? link.baseUrl || (store?.homepage ?? '').replace(/\/+$/, '') : '';
  const { amountCents, ...texts } = vars;
  const all = {
    orderId: order.id,
    portal: store?.portalName ?? '',
    product: '',
    message: '',
    number: '',
    invoice: '',
    reason: '',
    late: '',
    amount: amountCents === undefined ? '' : formatEuros(amountCents, language),
    link: link ? `${base}${link.path}?store_id=${order.storeId}` : '',
    ...texts,
  };
  return queueMail(tx, {
    storeId: order.storeId,
    to: order.email,
    subject: translate(language, `${kind}.subject`, all),
    // Every mail about an order links to its page (its timeline, documents and what to do).
    text: `${translate(language, `${kind}.text`, all)}\n\n${orderPageLine(
      language,
      orderPageUrl({ baseUrl: link?.baseUrl, ...storefront }, store, order),
    )}`,
    attachments,
  });
}
