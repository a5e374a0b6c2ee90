import {
  notaSimplePrice,
  OPTION_IDS,
  OPTION_VALUE_IDS,
  type ProductDefinition,
  productPrice,
} from '@shop/domain';

/**
 * The all-in price of a Nota Simple in cents: the server's definition through the
 * domain's price rule (what the cart charges), or the domain's fixed price until
 * the definition has loaded.
 */
export function notaSimpleTotal(definition: ProductDefinition | null, urgent: boolean): number {
  if (!definition) return notaSimplePrice(urgent);
  const delivery = definition.options.find((option) => option.option_id === OPTION_IDS.notaSimple.urgent);
  const value = urgent ? OPTION_VALUE_IDS.notaSimpleUrgent : (delivery?.default ?? '');
  return productPrice(definition, { [OPTION_IDS.notaSimple.urgent]: value });
}

/** The extra price of the urgent service (option 411 = 3782). */
export function urgentExtra(definition: ProductDefinition | null): number {
  return notaSimpleTotal(definition, true) - notaSimpleTotal(definition, false);
}
