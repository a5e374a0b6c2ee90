import type { Condition, Option, ProductDefinition } from '../schemas/product.ts';
import { type OptionValues, optionValue } from './option-values.ts';
import { compareDates, parseSpecDate } from './spec-date.ts';

/**
 * Whether one previous-step condition holds (spec 5): eq compares the option's
 * value with the condition's value or any of its list; gtdate / ltdate hold when
 * the option's date is strictly after / before the condition's date (both in a
 * spec 5 date format; an unparsable date never holds).
 */
export function conditionHolds(condition: Condition, values: OptionValues): boolean {
  const actual = optionValue(values, condition.option_id).trim();
  const op = condition.op ?? 'eq';
  if (op === 'eq') {
    const expected = Array.isArray(condition.value) ? condition.value : [condition.value];
    return expected.some((candidate) => candidate.trim() === actual);
  }
  if (Array.isArray(condition.value)) return false;
  const left = parseSpecDate(actual);
  const right = parseSpecDate(condition.value);
  if (!left || !right) return false;
  const order = compareDates(left, right);
  return op === 'gtdate' ? order > 0 : order < 0;
}

/** True when every condition of the list holds (an empty list always holds). */
export function conditionsHold(conditions: readonly Condition[], values: OptionValues): boolean {
  return conditions.every((condition) => conditionHolds(condition, values));
}

/** Whether an option's previous_steps all hold: the spec's definition of a shown option. */
export function previousStepsHold(option: Pick<Option, 'previous_steps'>, values: OptionValues): boolean {
  return conditionsHold(option.previous_steps, values);
}

/** Product 18458 (notarial deed): the options its edit dialog hides whatever their conditions (spec 4). */
export function specialHiddenOptions(productId: number, values: OptionValues): readonly number[] {
  if (productId !== 18458) return [];
  // As the spec states it: 1660 is hidden in both branches.
  return optionValue(values, 1655) === '4324' ? [1653, 1654, 1699, 1660] : [1660];
}

/**
 * Whether the edit dialog shows an option: its previous_steps hold and the
 * product 18458 special case does not hide it (spec 4 "Conditional option visibility").
 */
export function isOptionVisible(
  definition: Pick<ProductDefinition, 'product_id'>,
  option: Pick<Option, 'option_id' | 'previous_steps'>,
  values: OptionValues,
): boolean {
  if (specialHiddenOptions(definition.product_id, values).includes(option.option_id)) return false;
  return previousStepsHold(option, values);
}

/** The options of a definition the edit dialog shows, in definition order. */
export function visibleOptions(definition: ProductDefinition, values: OptionValues): Option[] {
  return definition.options.filter((option) => isOptionVisible(definition, option, values));
}

/** The related products offered with the current answers: all of them when related_conditions hold, else none. */
export function offeredRelatedProducts(definition: ProductDefinition, values: OptionValues) {
  return conditionsHold(definition.related_conditions, values) ? definition.related_product : [];
}
