import type { Language } from '@shop/domain';
import { translate } from '../../http/translate.ts';
import { DEFAULT_APP_PREFIX } from '../../paths.ts';

/** Where the storefront is: its origin (PUBLIC_BASE_URL or a known one; '' = the store's homepage) and APP_PREFIX. */
export interface StorefrontLinks {
  baseUrl?: string | undefined;
  appPrefix?: string | undefined;
}

/**
 * The page of one order on the storefront (customer/orders/{order_id}, its
 * timeline), with the store in the query so the page opens in the order's
 * store. Every mail about an order links here (issue 20 item 7).
 */
export function orderPageUrl(
  links: StorefrontLinks,
  store: { homepage?: string | null } | undefined,
  order: { id: string; storeId: number },
): string {
  const base = (links.baseUrl || store?.homepage || '').replace(/\/+$/, '');
  const prefix = links.appPrefix ?? DEFAULT_APP_PREFIX;
  return `${base}${prefix}/customer/orders/${encodeURIComponent(order.id)}?store_id=${order.storeId}`;
}

/** The mail's line that links to the order's page, in the store's language. */
export function orderPageLine(language: Language, url: string): string {
  return translate(language, 'orderMail.link', { link: url });
}
