import { getConsent } from '../consent/consent-store.ts';

/** The mark that the conversion snippet ran for an order (localStorage). */
export const conversionKey = (orderId: string) => `conversion${orderId}`;

export interface ConversionInput {
  orderId: string;
  /** The script the shop serves for the store (config lastOrderSuccess.data.script_url). */
  scriptUrl: string;
  /** The store base the URL is relative to (config base_url; '' = this origin). */
  baseUrl: string;
  totalCents: number;
  currency: string;
}

/**
 * Runs the store's conversion snippet for a paid order (issue 20 item 10, spec
 * 3 lastOrderSuccess): once per order (its mark survives reloads), only with the
 * visitor's advertising (targeting) consent, as a script file from the shop so
 * the strict CSP holds. The order reaches the snippet as the element's data-*
 * attributes: document.currentScript.dataset.orderId, .value (euros), .currency.
 * Returns true when it added the script.
 */
export function runConversionScript(input: ConversionInput): boolean {
  if (!getConsent()?.targeting) return false;
  const key = conversionKey(input.orderId);
  try {
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, String(Date.now()));
  } catch {
    return false; // Without storage "once per order" cannot hold: better not at all.
  }
  const script = document.createElement('script');
  script.src = new URL(input.scriptUrl, input.baseUrl || window.location.origin).href;
  script.async = true;
  script.dataset.orderId = input.orderId;
  script.dataset.value = (input.totalCents / 100).toFixed(2);
  script.dataset.currency = input.currency;
  script.dataset.conversion = '';
  document.head.appendChild(script);
  return true;
}
