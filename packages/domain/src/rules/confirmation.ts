import type { Option, ProductDefinition } from '../schemas/product.ts';
import { previousStepsHold } from './conditions.ts';
import { hasValue, type OptionValues, optionValue } from './option-values.ts';

/**
 * Whether early checkout is possible (spec 4): with type 'and' every listed option
 * holds its listed value, with 'or' at least one does. No conditions, no early checkout.
 */
export function isEarlyCheckoutReady(definition: ProductDefinition, values: OptionValues): boolean {
  const early = definition.conditions_to_earlycheckout;
  if (!early || early.options.length === 0) return false;
  const holds = (entry: { option_id: number; value: string }) =>
    optionValue(values, entry.option_id).trim() === entry.value.trim();
  return early.type === 'and' ? early.options.every(holds) : early.options.some(holds);
}

/** The confirmation questions shown: those whose previous_steps all hold (spec 4). */
export function visibleConfirmQuestions(definition: ProductDefinition, values: OptionValues): Option[] {
  return definition.questions_on_confirm.filter((question) => previousStepsHold(question, values));
}

/** The early-checkout extra fields shown on the confirmation screen: only when early checkout is ready. */
export function visibleEarlyCheckoutFields(definition: ProductDefinition, values: OptionValues): Option[] {
  if (!isEarlyCheckoutReady(definition, values)) return [];
  const fields = definition.conditions_to_earlycheckout?.confirmationOptions ?? [];
  return fields.filter((field) => previousStepsHold(field, values));
}

/** The required fields of the confirmation screen that have no answer yet. */
export function missingConfirmationAnswers(definition: ProductDefinition, values: OptionValues): Option[] {
  const shown = [
    ...visibleConfirmQuestions(definition, values),
    ...visibleEarlyCheckoutFields(definition, values),
  ];
  return shown.filter((field) => field.is_require === '1' && !hasValue(values, field.option_id));
}

/** Confirmation is valid when every required shown confirm question and early-checkout field has an answer (spec 5). */
export function isConfirmationValid(definition: ProductDefinition, values: OptionValues): boolean {
  return missingConfirmationAnswers(definition, values).length === 0;
}
