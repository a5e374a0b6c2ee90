import type { Language } from '../schemas/config.ts';
import type { ProductDefinition } from '../schemas/product.ts';
import { offeredRelatedProducts } from './conditions.ts';
import { allOptionsOf } from './option-rules.ts';
import { chosenIds, type OptionValues, optionValue } from './option-values.ts';

/**
 * The price of a product form in cents (spec 9 "Price rule"): the product price,
 * plus the price of every option that has a value, plus the prices of the chosen
 * opt_values, plus the chosen related products that are offered (related_conditions).
 * Options include confirm questions and early-checkout extras. Everything is integer
 * cents, so the spec's rounding to two decimals is exact. Callers pass values
 * already cleaned by applyOptionRules.
 */
export function productPrice(
  definition: ProductDefinition,
  values: OptionValues,
  relatedProductIds: readonly number[] = [],
): number {
  let total = definition.price;
  for (const option of allOptionsOf(definition)) {
    const value = optionValue(values, option.option_id);
    if (value.trim() === '') continue;
    total += option.price;
    if (option.opt_values.length === 0) continue;
    const chosen = new Set(chosenIds(value));
    for (const optValue of option.opt_values) {
      if (chosen.has(String(optValue.id))) total += optValue.price;
    }
  }
  const wanted = new Set(relatedProductIds);
  for (const related of offeredRelatedProducts(definition, values)) {
    if (wanted.has(related.product_id)) total += related.price;
  }
  return total;
}

// Thousands grouping per language. es and pt follow CLDR (no separator in a
// 4-digit integer part); en keeps the spec's comma decimal, so it groups with a
// no-break space (as ISO 80000 does) to stay unambiguous.
const GROUPING: Readonly<Record<Language, { separator: string; minDigits: number }>> = {
  es: { separator: '.', minDigits: 5 },
  pt: { separator: '\u00a0', minDigits: 5 },
  en: { separator: '\u00a0', minDigits: 4 },
};

/**
 * Displays cents with a comma decimal and ',00' dropped (spec 9): 2076 -> '20,76',
 * 1200 -> '12', 2470 -> '24,70'. Thousands: es 12.345; pt and en with a no-break space.
 */
export function formatPrice(cents: number, language: Language = 'es'): string {
  const whole = Math.trunc(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const euros = String(Math.floor(abs / 100));
  const rest = abs % 100;
  const { separator, minDigits } = GROUPING[language];
  const grouped = euros.length < minDigits ? euros : euros.replace(/\B(?=(\d{3})+$)/g, separator);
  return rest === 0 ? `${sign}${grouped}` : `${sign}${grouped},${String(rest).padStart(2, '0')}`;
}

/** The price with its currency sign as the stores show it: '20,76 €'. */
export function formatEuros(cents: number, language: Language = 'es'): string {
  return `${formatPrice(cents, language)}\u00a0€`;
}

/** Cents from a decimal euro amount (analytics and legacy inputs), rounded to the cent. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100 + (euros >= 0 ? 1e-9 : -1e-9));
}

/** Euros as a number for analytics events (spec 9 "Fixed analytics prices"): 2470 -> 24.7. */
export function centsToEuros(cents: number): number {
  return cents / 100;
}
