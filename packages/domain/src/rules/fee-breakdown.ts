import { isPortugueseStore } from './stores.ts';

/** The VAT rate a store starts with, in basis points (DECISIONS.md: Portuguese 23 %, the rest 21 %). */
export function defaultVatRateBp(storeId: number): number {
  return isPortugueseStore(storeId) ? 2300 : 2100;
}

/** Splits a VAT-inclusive amount: base = round(gross / (1 + rate)), VAT = gross - base (DECISIONS.md "Money"). */
export function splitVat(grossCents: number, rateBp: number): { base: number; vat: number } {
  const base = Math.round((grossCents * 10_000) / (10_000 + rateBp));
  return { base, vat: grossCents - base };
}

/** The lines of an all-in price: official fee, service fee before VAT, VAT on the service, total. */
export interface FeeBreakdown {
  officialFee: number;
  service: number;
  vat: number;
  total: number;
}

/** Breaks `totalCents` into the official fee (no VAT) and the service fee with its VAT. */
export function feeBreakdown(totalCents: number, officialFeeCents: number, vatRateBp: number): FeeBreakdown {
  const officialFee = Math.min(Math.max(0, officialFeeCents), totalCents);
  const { base, vat } = splitVat(totalCents - officialFee, vatRateBp);
  return { officialFee, service: base, vat, total: totalCents };
}
