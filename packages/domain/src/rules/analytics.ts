import { PRODUCT_IDS } from './products.ts';

/** The consent levels of spec 9; strictly-necessary is always on. */
export const CONSENT_LEVELS = ['strictly-necessary', 'functionality', 'tracking', 'targeting'] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];
/** The levels a visitor chooses (strictly-necessary cannot be refused). */
export type ConsentChoice = Record<Exclude<ConsentLevel, 'strictly-necessary'>, boolean>;

/** Google Consent Mode v2: what each choice grants ('denied' by default, before any choice). */
export function consentModeOf(choice: ConsentChoice | null): Record<string, 'granted' | 'denied'> {
  const grant = (on: boolean | undefined) => (on ? 'granted' : 'denied');
  return {
    functionality_storage: grant(choice?.functionality),
    personalization_storage: grant(choice?.functionality),
    analytics_storage: grant(choice?.tracking),
    ad_storage: grant(choice?.targeting),
    ad_user_data: grant(choice?.targeting),
    ad_personalization: grant(choice?.targeting),
    security_storage: 'granted',
  };
}

/** The version of the consent levels and texts: bump it and every visitor is asked again. */
export const CONSENT_VERSION = 1;

/**
 * The cookie that mirrors the visitor's stored choice (strictly necessary: it
 * only remembers the answer), so the server leaves the banner out of the page of
 * a visitor who already chose (ADR 009). Its value: the version, then a digit
 * per level (functionality, tracking, targeting), e.g. '1.100'.
 */
export const CONSENT_COOKIE = 'cookie_consent';

/** The consent cookie's value of a choice. */
export function consentCookieValue(choice: ConsentChoice): string {
  const digit = (on: boolean) => (on ? '1' : '0');
  return `${CONSENT_VERSION}.${digit(choice.functionality)}${digit(choice.tracking)}${digit(choice.targeting)}`;
}

/** The choice the consent cookie of a `Cookie` header (or `document.cookie`) holds; null when absent, malformed or of another version. */
export function consentFromCookies(cookies: string): ConsentChoice | null {
  const value = cookies
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  const match = /^(\d+)\.([01])([01])([01])$/.exec(value ?? '');
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return { functionality: match[2] === '1', tracking: match[3] === '1', targeting: match[4] === '1' };
}

/** Spec 9: how long gtag waits for the visitor's consent before its first hits (ms). */
export const CONSENT_WAIT_MS = 500;

/** Spec 9 "Fixed analytics prices" (EUR), whatever the item's price was. */
const FIXED_ANALYTICS_PRICES: Readonly<Record<number, number>> = {
  [PRODUCT_IDS.informacaoPredial]: 11,
  [PRODUCT_IDS.certidaoPermanente]: 24.7,
  [PRODUCT_IDS.notaSimple]: 20.76,
  [PRODUCT_IDS.propertiesSearch]: 12,
};

/** The price a purchase event reports for a product, in euros: the fixed one, else its price. */
export function analyticsPrice(productId: number, priceCents: number): number {
  return FIXED_ANALYTICS_PRICES[productId] ?? Math.round(priceCents) / 100;
}

/**
 * The late steps whose page view is not sent again when the visitor comes back
 * to them with the browser's back button (spec 4): the summaries and
 * confirmations of the wizards, and the customer and payment pages, which a
 * back navigation from the payment provider would otherwise count twice.
 */
export function isLateStep(path: string): boolean {
  const [first, second] = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  switch (first) {
    case 'nota-simple':
      return second === 'step5' || second === 'step6';
    case 'q-propiedades':
      return second === 'step6' || second === 'step7';
    case 'certidao-permanente':
      return second === 'step7' || second === 'step8' || second === 'confirmation';
    case 'i-predial-simplificada':
      return second === 'step4' || second === 'confirmation';
    case 'product':
      return second === 'confirmation';
    case 'customer':
    case 'payment':
    case 'checkout':
      return true;
    default:
      return false;
  }
}
