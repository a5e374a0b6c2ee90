import { type GenericForm, GenericFormSchema } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import type { KnownFiles } from '../../../shared/product-options/option-rules.ts';
import { STORAGE_KEYS } from '../../../shared/wizard/storage-keys.ts';

/**
 * The generic wizard's form as sessionStorage 'last_generic_form' keeps it
 * (spec 3): the generic form the cart/add/product route posts (values in step
 * order, confirmation answers, ticked related products, origin), plus two things
 * only the browser needs: the names of uploaded files, and `drafts`, the text of
 * fields not recorded yet (typed on the current step, or dropped by going back)
 * so nothing typed is lost on reload.
 */
export interface StoredGenericForm extends GenericForm {
  files: Record<number, { name: string; size: number }>;
  drafts: Record<number, string>;
}

let current: StoredGenericForm | null | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
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

/** The saved form, or null when there is none or it does not read as a generic form (old or tampered data). */
export function readStoredGenericForm(): StoredGenericForm | null {
  try {
    const text = storage()?.getItem(STORAGE_KEYS.generic);
    if (!text) return null;
    const raw = JSON.parse(text) as Record<string, unknown>;
    const parsed = GenericFormSchema.safeParse(raw);
    if (!parsed.success) return null;
    return {
      ...parsed.data,
      files: numberKeyed(raw.files, isFileInfo),
      drafts: numberKeyed(raw.drafts, isText),
    };
  } catch {
    return null;
  }
}

/** The current generic form (read from sessionStorage once per page life). */
export function getGenericForm(): StoredGenericForm | null {
  if (current === undefined) current = readStoredGenericForm();
  return current;
}

/** Replaces the form, saves it and re-renders its users; a full or blocked storage keeps it in memory only. */
export function setGenericForm(form: StoredGenericForm): void {
  current = form;
  try {
    storage()?.setItem(STORAGE_KEYS.generic, JSON.stringify(form));
  } catch {
    // Quota or privacy mode: the wizard still works for this page's life.
  }
  for (const listener of listeners) listener();
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current generic form, re-rendering on change. */
export function useGenericForm(): StoredGenericForm | null {
  return useSyncExternalStore(subscribe, getGenericForm, getGenericForm);
}

/** Forgets the live copy, as a page reload would (tests). */
export function dropGenericFormCache(): void {
  current = undefined;
}
