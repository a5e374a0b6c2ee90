import { fixedProductPrice, urgentExtra } from '@shop/domain';
import { useProductDefinition } from './get-product-definition.ts';

/** A fixed product's prices from the server's definition, in cents. */
export interface FixedPrice {
  /** The all-in price with the delivery asked for. */
  total: number;
  /** The registry's own fee inside it. */
  officialFee: number;
  /** What the urgent delivery adds (0 when the product has none). */
  urgentExtra: number;
}

/**
 * The prices of a fixed product (GET product?id=, the one loader), with or
 * without its urgent delivery; undefined until the definition has loaded or
 * when the server did not give it (spec 8: nothing is shown then).
 */
export function useFixedPrice(productId: number, urgent = false): FixedPrice | undefined {
  const definition = useProductDefinition(productId);
  if (!definition) return undefined;
  return {
    total: fixedProductPrice(definition, urgent),
    officialFee: definition.official_fee,
    urgentExtra: urgentExtra(definition),
  };
}
