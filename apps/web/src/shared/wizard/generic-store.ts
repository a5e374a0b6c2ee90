import { type GenericForm, GenericFormSchema } from '@shop/domain';
import type { KnownFiles } from '../product-options/option-rules.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { createWizardStore, useWizardForm } from './wizard-store.ts';

/**
 * The generic wizard's form as sessionStorage 'last_generic_form' keeps it
 * (spec 3): the generic form the cart/add/product route posts (values in step
 * order, confirmation answers, ticked related products, origin), plus two things
 * only the browser needs: the names of uploaded files, and `drafts`, the text of
 * fields not recorded yet (typed on the current step, or dropped by going back)
 * so nothing typed is lost on reload. One product at a time: null before any.
 */
export interface StoredGenericForm extends GenericForm {
  files: Record<number, { name: string; size: number }>;
  drafts: Record<number, string>;
}

function numberKeyed<T>(raw: unknown, keep: (value: unknown) => value is T): Record<number, T> {
  const out: Record<number, T> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (/^[1-9]\d{0,9}$/.test(key) && keep(value)) out[Number(key)] = value;
  }
  return out;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 5000;
const isFileInfo = (value: unknown): value is { name: string; size: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { size?: unknown }).size === 'number';

/** A saved generic form, or null when it does not read as one (old or tampered data). */
export function genericFormFrom(raw: unknown): StoredGenericForm | null {
  const parsed = GenericFormSchema.safeParse(raw);
  if (!parsed.success) return null;
  const extra = raw as { files?: unknown; drafts?: unknown };
  return {
    ...parsed.data,
    files: numberKeyed(extra.files, isFileInfo),
    drafts: numberKeyed(extra.drafts, isText),
  };
}

/** The generic wizard's store (the same mechanism as the fixed wizards', in sessionStorage). */
export const genericStore = createWizardStore<StoredGenericForm | null>({
  key: STORAGE_KEYS.generic,
  storage: 'session',
  maxAgeMs: -1,
  blank: () => null,
  read: genericFormFrom,
});

/** The current generic form (read from sessionStorage once per page life). */
export function getGenericForm(): StoredGenericForm | null {
  return genericStore.get();
}

/** Replaces the form, saves it and re-renders its users. */
export function setGenericForm(form: StoredGenericForm): void {
  genericStore.set(form);
}

/** The current generic form, re-rendering on change. */
export function useGenericForm(): StoredGenericForm | null {
  return useWizardForm(genericStore);
}

/** A new form for a product; origin and origin_id when it was offered from another product's flow. */
export function blankGenericForm(
  productId: number,
  origin?: { origin: string; origin_id: string },
): StoredGenericForm {
  return {
    product_id: productId,
    values: [],
    confirm_values: [],
    related_product_ids: [],
    ...(origin ? origin : {}),
    files: {},
    drafts: {},
  };
}

/** Adds the names of uploaded files to what the form knows. */
export function withFiles(form: StoredGenericForm, files: KnownFiles): StoredGenericForm {
  return { ...form, files: { ...form.files, ...files } };
}
