import { formatEuros, type Language } from '@shop/domain';
import type { PaymentNext } from '../../../shared/api/customer.ts';
import { paths } from '../../../shared/paths.ts';

/** A Multibanco voucher as the checkout answer gives it. */
export interface Voucher {
  entity: string;
  reference: string;
  /** Cents (domain schema) or a decimal text ('20.76', the gateway's voucher). */
  amount: string | number;
  expires_at: string;
}

/**
 * The voucher's page: payment/multibanco with the voucher in the query, so the
 * URL alone shows it again (kept under the spec's multibanco_voucher_url key).
 */
export function voucherPath(orderId: string, voucher: Voucher): string {
  const query = new URLSearchParams({
    order_id: orderId,
    entity: voucher.entity,
    reference: voucher.reference,
    amount: String(voucher.amount),
    expires_at: voucher.expires_at,
  });
  return `${paths.paymentMethod('multibanco')}?${query}`;
}

/** The voucher in a payment/multibanco URL's query, or null when it has none. */
export function voucherFromQuery(search: string): (Voucher & { orderId: string }) | null {
  const query = new URLSearchParams(search);
  const [orderId, entity, reference, amount, expires] = [
    'order_id',
    'entity',
    'reference',
    'amount',
    'expires_at',
  ].map((key) => query.get(key) ?? '');
  if (!orderId || !entity || !reference) return null;
  return { orderId, entity, reference, amount: amount ?? '', expires_at: expires ?? '' };
}

/** A voucher's amount for display: cents are formatted, a decimal text is read as euros. */
export function voucherAmount(amount: string | number, language: Language): string {
  if (typeof amount === 'number') return formatEuros(amount, language);
  const euros = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(euros)) return amount;
  // A whole number of cents ('2076') would have no dot: the gateway sends euros with a dot.
  return amount.includes('.') ? formatEuros(Math.round(euros * 100), language) : formatEuros(euros, language);
}

/** Reference in groups of three digits, as printed on Multibanco vouchers ('123 456 789'). */
export function groupReference(reference: string): string {
  return reference.replace(/\s/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');
}

/** Whether the answer asks for something the page cannot do in place (leave for a gateway page). */
export function isExternal(next: PaymentNext): next is Extract<PaymentNext, { url: string }> {
  return next.type === 'redirect' || next.type === '3ds';
}
