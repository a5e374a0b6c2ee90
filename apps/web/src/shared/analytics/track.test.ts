import { afterEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { ACCEPT_ALL, REJECT_ALL, setConsent } from '../consent/consent-store.ts';
import { applyConsent } from './gtag.ts';
import { purchaseKey, trackPurchase } from './track.ts';

const order = {
  order_id: '1400000042',
  items: [
    { product_id: 15867, name: 'Nota Simple', price: 3066 },
    { product_id: 18464, name: 'Certificado energético', price: 14_900 },
  ],
};
const purchases = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((e) => e[1] === 'purchase');

afterEach(() => {
  localStorage.clear();
  for (const s of document.head.querySelectorAll('script')) s.remove();
});

describe('purchase event (spec 4, 9)', () => {
  it('without the tracking consent: no event, no purchase{orderId} key', () => {
    setConsent(REJECT_ALL);
    expect(trackPurchase(order)).toBe(false);
    expect(localStorage.getItem(purchaseKey(order.order_id))).toBeNull();
  });

  it('with consent: once per order, with the fixed analytics prices, even when called again', () => {
    setConsent(ACCEPT_ALL);
    applyConsent(makeRuntimeConfig({ analytics_account: 'G-TEST12345' }), ACCEPT_ALL);
    expect(trackPurchase(order)).toBe(true);
    expect(trackPurchase(order)).toBe(false);
    expect(purchases()).toHaveLength(1);
    expect(purchases()[0]?.[2]).toEqual({
      transaction_id: '1400000042',
      currency: 'EUR',
      value: 169.76,
      items: [
        { item_id: '15867', item_name: 'Nota Simple', price: 20.76, quantity: 1 },
        { item_id: '18464', item_name: 'Certificado energético', price: 149, quantity: 1 },
      ],
    });
    expect(localStorage.getItem(purchaseKey(order.order_id))).not.toBeNull();
    expect(
      document.head.querySelector('script[src^="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"]'),
    ).not.toBeNull();
  });
});
