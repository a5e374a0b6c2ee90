import {
  allOptionsOf,
  checkGenericForm,
  type FieldError,
  type GenericForm,
  genericFormValues,
  genericPriceLines,
  type ItemOption,
  keptGenericValues,
  type ProductDefinition,
} from '@shop/domain';
import { type FileNames, fileIdsOf, itemOptions } from './item-options.ts';

/** A related product ticked with the item: stored as a child line of it (ADR 027). */
export interface PreparedAddOn {
  productId: number;
  priceCents: number;
}

export interface PreparedItem {
  options: ItemOption[];
  /** The item's own price, add-ons excluded (each is its own line). */
  priceCents: number;
  /** The related products ticked and offered, each its own child line. */
  addOns?: PreparedAddOn[];
  /** Uploaded files the item's file options name (linked to the item when stored). */
  fileIds: number[];
}

type Result = { ok: true; item: PreparedItem } | { ok: false; errors: FieldError[] };

/** The answers the server keeps (domain keptGenericValues): hidden answers ignored, not refused. */
export function keptValues(definition: ProductDefinition, form: GenericForm): Record<number, string> {
  return keptGenericValues(definition, genericFormValues(form));
}

/**
 * The form checkGenericForm sees: answers to hidden options left out, filled-in
 * defaults added. `index` maps each kept entry back to its position in the
 * customer's list, so error paths name what the customer sent.
 */
function formToCheck(definition: ProductDefinition, form: GenericForm, kept: Record<number, string>) {
  const known = new Set(allOptionsOf(definition).map((option) => option.option_id));
  const keep = (entry: { option_id: number }) => !known.has(entry.option_id) || entry.option_id in kept;
  const values: GenericForm['values'] = [];
  const valueIndex: number[] = [];
  form.values.forEach((entry, i) => {
    if (!keep(entry)) return;
    values.push(entry);
    valueIndex.push(i);
  });
  const confirm_values: GenericForm['confirm_values'] = [];
  const confirmIndex: number[] = [];
  form.confirm_values.forEach((entry, i) => {
    if (!keep(entry)) return;
    confirm_values.push(entry);
    confirmIndex.push(i);
  });
  const sent = new Set([...form.values, ...form.confirm_values].map((entry) => entry.option_id));
  const wizard = new Map(definition.options.map((option) => [option.option_id, option]));
  for (const [id, value] of Object.entries(kept)) {
    const optionId = Number(id);
    if (sent.has(optionId) || !known.has(optionId)) continue;
    const option = wizard.get(optionId);
    if (option) values.push({ option_id: optionId, product_id: form.product_id, type: option.type, value });
    else confirm_values.push({ option_id: optionId, value });
  }
  return { form: { ...form, values, confirm_values }, valueIndex, confirmIndex };
}

function remapPath(path: string, valueIndex: number[], confirmIndex: number[]): string {
  const match = /^(values|confirm_values)\.(\d+)(.*)$/.exec(path);
  if (!match) return path;
  const [, list, index, rest] = match as unknown as [string, string, string, string];
  const original = (list === 'values' ? valueIndex : confirmIndex)[Number(index)];
  // An added default that fails its own option's check (a catalogue mistake): name the option.
  return original === undefined ? path : `${list}.${original}${rest}`;
}

/** Where the customer sent the answer of an option (for file errors). */
function pathOf(form: GenericForm, optionId: number): string {
  const index = form.values.findIndex((entry) => entry.option_id === optionId);
  if (index >= 0) return `values.${index}.value`;
  const confirm = form.confirm_values.findIndex((entry) => entry.option_id === optionId);
  return confirm >= 0 ? `confirm_values.${confirm}.value` : `options.${optionId}`;
}

/**
 * Re-checks a generic form against the product definition from the database
 * (the wizard's rules, domain checkGenericForm) and prepares the item: options,
 * price by the domain price rule, and the uploaded files it names. `uploads` are
 * the files of the session's quote; a file option may only name those.
 */
export function prepareGenericItem(
  definition: ProductDefinition,
  form: GenericForm,
  uploads: FileNames,
): Result {
  const kept = keptValues(definition, form);
  const check = formToCheck(definition, form, kept);
  const errors = checkGenericForm(definition, check.form).map((error) => ({
    ...error,
    path: remapPath(error.path, check.valueIndex, check.confirmIndex),
  }));

  const fileIds: number[] = [];
  for (const option of allOptionsOf(definition)) {
    const value = kept[option.option_id];
    if (option.type !== 'file' || value === undefined || value.trim() === '') continue;
    const ids = fileIdsOf(value);
    if (!ids?.every((id) => uploads.has(id))) {
      errors.push({ path: pathOf(form, option.option_id), message: 'invalid_value' });
    } else {
      fileIds.push(...ids);
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const [main, ...addOns] = genericPriceLines(definition, form);
  return {
    ok: true,
    item: {
      options: itemOptions(definition, kept, uploads),
      priceCents: main?.price ?? 0,
      addOns: addOns.map((line) => ({ productId: line.product_id, priceCents: line.price })),
      fileIds,
    },
  };
}
