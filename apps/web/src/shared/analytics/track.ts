import { analyticsPrice } from '@shop/domain';
import { getConsent } from '../consent/consent-store.ts';
import { gtag, isAnalyticsOn } from './gtag.ts';

/** A page view (sent by the layout on every route change, spec 4). */
export function trackPageView(path: string, title: string): void {
  if (!isAnalyticsOn() || !getConsent()?.tracking) return;
  gtag('event', 'page_view', { page_path: path, page_title: title, page_location: window.location.href });
}

/** Spec 3 storage key `purchase{orderId}`: the purchase event of that order was sent. */
export const purchaseKey = (orderId: string) => `purchase${orderId}`;

export interface PurchaseInput {
  order_id: string;
  items: { product_id: number; name: string; price: number }[];
}

/**
 * The purchase event, once per order (spec 4): the `purchase{orderId}` key
 * remembers it across reloads of the success page. Prices are spec 9's fixed
 * analytics prices where the product has one. Sent only with the tracking
 * consent (the key is then analytics storage). Returns true when it sent.
 */
export function trackPurchase(order: PurchaseInput): boolean {
  if (!isAnalyticsOn() || !getConsent()?.tracking) return false;
  const key = purchaseKey(order.order_id);
  try {
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  const items = order.items.map((item) => ({
    item_id: String(item.product_id),
    item_name: item.name,
    price: analyticsPrice(item.product_id, item.price),
    quantity: 1,
  }));
  const value = Math.round(items.reduce((sum, item) => sum + item.price, 0) * 100) / 100;
  gtag('event', 'purchase', { transaction_id: order.order_id, currency: 'EUR', value, items });
  return true;
}
