import type { GenericForm } from '../schemas/generic-forms.ts';
import type { FieldError, ValidationCode } from '../schemas/messages.ts';
import type { Option, ProductDefinition } from '../schemas/product.ts';
import { offeredRelatedProducts, previousStepsHold } from './conditions.ts';
import { isEarlyCheckoutReady, missingConfirmationAnswers } from './confirmation.ts';
import { isValidPhone } from './contact.ts';
import { MAX_STEPS } from './generic-steps.ts';
import { chosenIds, type OptionValues, valuesFromList } from './option-values.ts';
import { isValidSpecDate } from './spec-date.ts';

/** The choice types of spec 3: each takes exactly one of its opt_values. */
const SINGLE_CHOICE_TYPES: readonly string[] = ['drop_down', 'radio', 'radio_button'];

/**
 * The problem with one answer given its option's type, or null: a choice is
 * exactly one of its opt_values (never a list such as "4324,6310", which would
 * fail both branches' conditions and hide both branches' required fields), a
 * date a real date, a phone field a phone number (isValidPhone).
 */
export function checkOptionValue(option: Option, value: string): ValidationCode | null {
  if (value.trim() === '') return null;
  if (option.format === 'phone') return isValidPhone(value) ? null : 'invalid_phone';
  if (option.type === 'date') return isValidSpecDate(value) ? null : 'invalid_date';
  if (SINGLE_CHOICE_TYPES.includes(option.type) && option.opt_values.length > 0) {
    const allowed = new Set(option.opt_values.map((v) => String(v.id)));
    const chosen = chosenIds(value);
    const single = chosen.length === 1 && chosen[0] === value.trim();
    return single && allowed.has(value.trim()) ? null : 'invalid_option';
  }
  return null;
}

/** Every answer of a generic form as one map: step values, then confirmation answers. */
export function genericFormValues(
  form: Pick<GenericForm, 'values' | 'confirm_values'>,
): Record<number, string> {
  return { ...valuesFromList(form.values), ...valuesFromList(form.confirm_values) };
}

/**
 * Checks a generic form against its product definition (the server's re-check of
 * the wizard): the product matches; each value names an option of the definition
 * with its type and a valid answer; shown required options are answered unless
 * early checkout is ready; the confirmation is valid; related products are offered.
 * Paths: values.<i>.*, confirm_values.<i>.*, related_product_ids.<i>, options.<id>, confirm.<id>.
 */
export function checkGenericForm(definition: ProductDefinition, form: GenericForm): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: ValidationCode): void => {
    errors.push({ path, message });
  };
  if (form.product_id !== definition.product_id) add('product_id', 'wrong_product');
  if (form.values.length > MAX_STEPS) add('values', 'too_many');

  const byId = new Map(definition.options.map((option) => [option.option_id, option]));
  for (const [index, entry] of form.values.entries()) {
    const option = byId.get(entry.option_id);
    if (!option) {
      add(`values.${index}.option_id`, 'invalid_option');
      continue;
    }
    if (option.type !== entry.type) add(`values.${index}.type`, 'invalid_value');
    const problem = checkOptionValue(option, entry.value);
    if (problem) add(`values.${index}.value`, problem);
  }

  const confirmFields = [
    ...definition.questions_on_confirm,
    ...(definition.conditions_to_earlycheckout?.confirmationOptions ?? []),
  ];
  const confirmById = new Map(confirmFields.map((option) => [option.option_id, option]));
  for (const [index, entry] of form.confirm_values.entries()) {
    const option = confirmById.get(entry.option_id);
    if (!option) {
      add(`confirm_values.${index}.option_id`, 'invalid_option');
      continue;
    }
    const problem = checkOptionValue(option, entry.value);
    if (problem) add(`confirm_values.${index}.value`, problem);
  }

  const values: OptionValues = genericFormValues(form);
  if (!isEarlyCheckoutReady(definition, values)) {
    for (const option of definition.options) {
      if (option.is_require !== '1' || !previousStepsHold(option, values)) continue;
      if ((values[option.option_id] ?? '').trim() === '') add(`options.${option.option_id}`, 'required');
    }
  }
  for (const option of missingConfirmationAnswers(definition, values))
    add(`confirm.${option.option_id}`, 'required');

  const offered = new Set(offeredRelatedProducts(definition, values).map((p) => p.product_id));
  form.related_product_ids.forEach((id, index) => {
    if (!offered.has(id)) add(`related_product_ids.${index}`, 'invalid_option');
  });
  return errors;
}
