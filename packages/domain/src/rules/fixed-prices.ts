import type { ProductDefinition } from '../schemas/product.ts';
import type { OptionValues } from './option-values.ts';
import { productPrice } from './price.ts';
import { OPTION_IDS, OPTION_VALUE_IDS, PRODUCT_IDS } from './products.ts';

// The fixed wizards' prices, from the server's product definitions (no price
// constants: the catalogue is the one source). Apart from price.ts, whose
// formatting the first screen needs, so the first screen does not carry these.

/**
 * The price of a product with these answers, each option left unanswered taking
 * its default: a fixed wizard's live price from the server's definition (the
 * standard delivery until the customer picks the urgent one).
 */
export function priceWithDefaults(definition: ProductDefinition, values: OptionValues = {}): number {
  const defaults: Record<number, string> = {};
  for (const option of definition.options) {
    if (option.default) defaults[option.option_id] = option.default;
  }
  return productPrice(definition, { ...defaults, ...values });
}

/** The urgent delivery of the fixed products that offer one (spec 3 "Recognised option ids"). */
const URGENT_DELIVERY: Readonly<Record<number, { optionId: number; value: string }>> = {
  [PRODUCT_IDS.notaSimple]: {
    optionId: OPTION_IDS.notaSimple.urgent,
    value: OPTION_VALUE_IDS.notaSimpleUrgent,
  },
  [PRODUCT_IDS.informacaoPredial]: {
    optionId: OPTION_IDS.simplifiedReport.urgent,
    value: OPTION_VALUE_IDS.simplifiedReportUrgent,
  },
};

/**
 * The all-in price of a fixed product from the server's definition: the standard
 * delivery, or the urgent one (Nota Simple 411 = 3782, simplified report
 * 1427 = 3909) when asked and offered. What the cart charges for the form.
 */
export function fixedProductPrice(definition: ProductDefinition, urgent = false): number {
  const delivery = URGENT_DELIVERY[definition.product_id];
  return priceWithDefaults(definition, urgent && delivery ? { [delivery.optionId]: delivery.value } : {});
}

/** What the urgent delivery adds to a fixed product (0 when it has none). */
export function urgentExtra(definition: ProductDefinition): number {
  return fixedProductPrice(definition, true) - fixedProductPrice(definition, false);
}

/**
 * The most a properties search can cost (spec 1 and 9: the search, 12 euros, plus
 * one located-property product, 20,76 euros, per property found), from the two
 * products' definitions.
 */
export function propertiesSearchPrice(
  search: ProductDefinition,
  locatedProperty: ProductDefinition,
  locatedProperties: number,
): number {
  return (
    priceWithDefaults(search) +
    priceWithDefaults(locatedProperty) * Math.max(0, Math.trunc(locatedProperties))
  );
}
