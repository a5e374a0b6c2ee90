import {
  type GenericValue,
  genericFormValues,
  type Option,
  type OptionValues,
  valuesForStep,
  valuesFromList,
} from '@shop/domain';
import type { StoredGenericForm } from '../../../shared/wizard/generic-store.ts';

/**
 * The form as step `step` sees it: the values of the steps before it (spec 4:
 * going back to step n truncates the values to n - 1). The dropped answers become
 * drafts, so the fields show them again and nothing typed is lost.
 */
export function truncatedForStep(form: StoredGenericForm, step: number): StoredGenericForm {
  const kept = valuesForStep(form.values, step);
  if (kept.length === form.values.length) return form;
  const drafts = { ...form.drafts };
  for (const dropped of form.values.slice(kept.length)) {
    if (drafts[dropped.option_id] === undefined) drafts[dropped.option_id] = dropped.value;
  }
  return { ...form, values: kept, drafts };
}

/** What a step's field starts with: the draft, else previous_steps_default (its conditions hold), else default. */
export function fieldValue(option: Option, form: StoredGenericForm): string {
  const draft = form.drafts[option.option_id];
  if (draft !== undefined) return draft;
  const conditional = option.previous_steps.length > 0 ? option.previous_steps_default : undefined;
  return conditional ?? option.default ?? '';
}

/** The form with the answer of `option` recorded as the value of step `step` (its draft is then spent). */
export function recordAnswer(
  form: StoredGenericForm,
  step: number,
  option: Option,
  value: string,
): StoredGenericForm {
  const entry: GenericValue = {
    option_id: option.option_id,
    product_id: form.product_id,
    type: option.type,
    value: value.trim(),
  };
  const { [option.option_id]: _spent, ...drafts } = form.drafts;
  return { ...form, values: [...valuesForStep(form.values, step), entry], drafts };
}

/** The form with a draft for `optionId` (the field's text before it is recorded). */
export function withDraft(form: StoredGenericForm, optionId: number, value: string): StoredGenericForm {
  return { ...form, drafts: { ...form.drafts, [optionId]: value } };
}

/** The form with a confirmation answer (confirm question or early-checkout field) set or cleared. */
export function withConfirmAnswer(
  form: StoredGenericForm,
  optionId: number,
  value: string,
): StoredGenericForm {
  const others = form.confirm_values.filter((answer) => answer.option_id !== optionId);
  return { ...form, confirm_values: value === '' ? others : [...others, { option_id: optionId, value }] };
}

/** Every answer of the form as one map (recorded steps and confirmation answers). */
export function formValues(form: StoredGenericForm): OptionValues {
  return genericFormValues(form);
}

/** The recorded values as a map, with one more answer on top (the live price of a step). */
export function valuesWith(form: StoredGenericForm, optionId: number, value: string): OptionValues {
  return { ...valuesFromList(form.values), [optionId]: value };
}
