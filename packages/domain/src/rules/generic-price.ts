import type { GenericForm } from '../schemas/generic-forms.ts';
import type { ProductDefinition, RelatedProduct } from '../schemas/product.ts';
import { offeredRelatedProducts } from './conditions.ts';
import { isEarlyCheckoutReady } from './confirmation.ts';
import { applyOptionRules } from './option-rules.ts';
import { type OptionValues, valuesFromList } from './option-values.ts';
import { productPrice } from './price.ts';

/**
 * The answers a generic item is priced and stored with (the server keeps exactly
 * these): the visibility rules applied (spec 4: an option whose previous_steps
 * fail loses its value; shown empty options get their default /
 * previous_steps_default), and early-checkout extras only when early checkout is
 * ready.
 */
export function keptGenericValues(
  definition: ProductDefinition,
  values: OptionValues,
): Record<number, string> {
  const kept = applyOptionRules(definition, values);
  if (!isEarlyCheckoutReady(definition, kept)) {
    const regular = new Set(
      [...definition.options, ...definition.questions_on_confirm].map((option) => option.option_id),
    );
    for (const extra of definition.conditions_to_earlycheckout?.confirmationOptions ?? []) {
      if (!regular.has(extra.option_id)) delete kept[extra.option_id];
    }
  }
  return kept;
}

/** One line a generic form puts in the cart: the product itself, or one of its related products (add-on). */
export interface GenericPriceLine {
  product_id: number;
  name: string;
  price: number;
  /** True for the related product ticked on the confirmation screen (a child line of the main one). */
  addOn: boolean;
}

/** The answers a form holds: `pending` (answers the wizard shows but has not recorded again), under the recorded ones. */
function formAnswers(
  form: Pick<GenericForm, 'values' | 'confirm_values'>,
  pending: OptionValues,
): OptionValues {
  return { ...pending, ...valuesFromList(form.values), ...valuesFromList(form.confirm_values) };
}

/**
 * The lines of a generic form (ADR 027): the product priced by the spec 9 price
 * rule on the kept answers, then each ticked related product that is offered
 * with those answers, at the related product's price, as its own line. The
 * cart, the order and the invoice have exactly these lines.
 */
export function genericPriceLines(
  definition: ProductDefinition,
  form: Pick<GenericForm, 'values' | 'confirm_values' | 'related_product_ids'>,
  pending: OptionValues = {},
): GenericPriceLine[] {
  const values = keptGenericValues(definition, formAnswers(form, pending));
  const wanted = new Set(form.related_product_ids);
  const related = offeredRelatedProducts(definition, values).filter((product: RelatedProduct) =>
    wanted.has(product.product_id),
  );
  return [
    {
      product_id: definition.product_id,
      name: definition.name,
      price: productPrice(definition, values),
      addOn: false,
    },
    ...related.map((product) => ({
      product_id: product.product_id,
      name: product.name,
      price: product.price,
      addOn: true,
    })),
  ];
}

/**
 * The one price of a generic form, everywhere (every wizard step, the
 * confirmation, the edit dialog, the server's cart item and its add-on lines):
 * the sum of genericPriceLines. `pending` are answers the form still holds but
 * has not recorded again: going back to step n keeps the later answers as
 * drafts, and the price of the same answers must not change (issue 18).
 */
export function genericPrice(
  definition: ProductDefinition,
  form: Pick<GenericForm, 'values' | 'confirm_values' | 'related_product_ids'>,
  pending: OptionValues = {},
): number {
  return genericPriceLines(definition, form, pending).reduce((sum, line) => sum + line.price, 0);
}
