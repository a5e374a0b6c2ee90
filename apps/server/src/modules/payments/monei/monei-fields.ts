import type { Payment } from '@monei-js/node-sdk';

/** The country code a national number gets: MB WAY is Portugal's, Bizum Spain's. */
const COUNTRY_CODE = { mbway: '351', bizum: '34' } as const;

/**
 * The customer's phone in E.164, as Monei takes it (`customer.phone`): spaces,
 * dots, dashes and brackets dropped, `00` read as `+`, a 9-digit national number
 * given its country code. Undefined when it cannot be a phone number (Monei's
 * page then asks for it).
 */
export function moneiPhone(raw: string | undefined, method: keyof typeof COUNTRY_CODE): string | undefined {
  if (!raw) return undefined;
  const compact = raw.replace(/[\s.()-]/g, '').replace(/^00/, '+');
  const e164 = /^\d{9}$/.test(compact) ? `+${COUNTRY_CODE[method]}${compact}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : undefined;
}

/** A Multibanco voucher as the shop shows it (the domain's CheckoutNext 'voucher' fields). */
export interface MoneiVoucher {
  entity: string;
  reference: string;
  amount: string;
  expires_at: string;
}

/**
 * The voucher of a Multibanco payment when Monei's answer carries it
 * (`paymentMethod.multibanco`: entity, reference and `expireAt` in seconds);
 * undefined otherwise. Monei's published reference (API 1.8.3) documents no such
 * details: then the customer gets the voucher on Monei's hosted page.
 */
export function multibancoVoucherOf(payment: Payment): MoneiVoucher | undefined {
  const details = (payment.paymentMethod as Record<string, unknown> | undefined)?.multibanco as
    | Record<string, unknown>
    | undefined;
  if (typeof details !== 'object' || details === null) return undefined;
  const entity = String(details.entity ?? '').replace(/\s/g, '');
  const reference = String(details.reference ?? '').replace(/\s/g, '');
  const expireAt = Number(details.expireAt);
  if (!/^\d{5}$/.test(entity) || !/^\d{9}$/.test(reference) || !Number.isSafeInteger(expireAt)) {
    return undefined;
  }
  return {
    entity,
    reference,
    amount: (payment.amount / 100).toFixed(2),
    expires_at: new Date(expireAt * 1000).toISOString(),
  };
}
