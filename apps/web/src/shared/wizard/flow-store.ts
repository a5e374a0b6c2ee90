import type { FixedFlow } from '@shop/domain';
import { emptyForm, type FlowForm } from './flow-forms.ts';
import { FLOW_STORAGE_KEYS } from './storage-keys.ts';

/** What each storage key holds: the form and when it was last written. */
interface StoredForm {
  savedAt: number;
  form: Record<string, unknown>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the last Nota Simple form stays reloadable (spec 4: "within a given
 * age, or always when the age is -1"); the spec gives no figure, we keep it 30 days.
 */
export const LAST_NS_FORM_MAX_AGE_MS = 30 * DAY_MS;

/** The maximum age applied when a flow's form is read back; -1 keeps it forever. */
export const FLOW_MAX_AGE_MS: Readonly<Record<FixedFlow, number>> = {
  'nota-simple': LAST_NS_FORM_MAX_AGE_MS,
  'q-propiedades': -1,
  'certidao-permanente': -1,
  'i-predial-simplificada': -1,
};

/** The age rule: a form saved at `savedAt` may be reloaded at `now` (always when `maxAgeMs` is -1). */
export function isReloadable(savedAt: number, now: number, maxAgeMs: number): boolean {
  if (maxAgeMs === -1) return true;
  if (!Number.isFinite(savedAt) || maxAgeMs < 0) return false;
  return now - savedAt <= maxAgeMs;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Fields that are not in the blank form but belong to it (q-propiedades' origin).
const OPTIONAL_TEXT = new Set(['origin', 'origin_id']);

/** Keeps only the known fields of `raw` whose type matches the blank form (old or tampered data). */
function sanitize<F extends FixedFlow>(flow: F, raw: Record<string, unknown>): FlowForm<F> {
  const form: Record<string, unknown> = { ...emptyForm(flow) };
  for (const [key, value] of Object.entries(raw)) {
    if (key in form) {
      const blank = form[key];
      const nullableNumber = blank === null && (value === null || typeof value === 'number');
      if (nullableNumber || (blank !== null && typeof value === typeof blank)) form[key] = value;
    } else if (OPTIONAL_TEXT.has(key) && typeof value === 'string') {
      form[key] = value;
    }
  }
  return form as unknown as FlowForm<F>;
}

/**
 * The form saved for `flow`, or null when there is none, it cannot be read, or it
 * is older than `maxAgeMs` (-1: any age).
 */
export function readStoredForm<F extends FixedFlow>(
  flow: F,
  now: number = Date.now(),
  maxAgeMs: number = FLOW_MAX_AGE_MS[flow],
): FlowForm<F> | null {
  try {
    const text = storage()?.getItem(FLOW_STORAGE_KEYS[flow]);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredForm>;
    if (!stored || typeof stored.form !== 'object' || stored.form === null) return null;
    if (!isReloadable(Number(stored.savedAt), now, maxAgeMs)) return null;
    return sanitize(flow, stored.form);
  } catch {
    return null;
  }
}

/** Saves the form under the flow's key; a full or blocked storage keeps the form in memory only. */
export function writeStoredForm<F extends FixedFlow>(flow: F, form: FlowForm<F>, now = Date.now()): void {
  const stored: StoredForm = { savedAt: now, form: form as unknown as Record<string, unknown> };
  try {
    storage()?.setItem(FLOW_STORAGE_KEYS[flow], JSON.stringify(stored));
  } catch {
    // Quota or privacy mode: the wizard still works for this page's life.
  }
}

/** Removes the saved form of `flow`. */
export function clearStoredForm(flow: FixedFlow): void {
  try {
    storage()?.removeItem(FLOW_STORAGE_KEYS[flow]);
  } catch {
    // Nothing to remove.
  }
}

// The live copy of each flow's form, read once from storage, written through on change.
const current = new Map<FixedFlow, unknown>();
const listeners = new Map<FixedFlow, Set<() => void>>();

/** The current form of `flow` (the saved one on first use, else a blank one). */
export function getFlowForm<F extends FixedFlow>(flow: F): FlowForm<F> {
  if (!current.has(flow)) current.set(flow, readStoredForm(flow) ?? emptyForm(flow));
  return current.get(flow) as FlowForm<F>;
}

/** Replaces the form of `flow`, saves it and re-renders its users. */
export function setFlowForm<F extends FixedFlow>(flow: F, form: FlowForm<F>): void {
  current.set(flow, form);
  writeStoredForm(flow, form);
  for (const listener of listeners.get(flow) ?? []) listener();
}

/** Merges `patch` into the form of `flow`. */
export function updateFlowForm<F extends FixedFlow>(flow: F, patch: Partial<FlowForm<F>>): void {
  setFlowForm(flow, { ...getFlowForm(flow), ...patch });
}

/** Clears the form and its steps (spec 4 "Reset clears the form and the steps"). */
export function resetFlowForm(flow: FixedFlow): void {
  clearStoredForm(flow);
  current.set(flow, emptyForm(flow));
  for (const listener of listeners.get(flow) ?? []) listener();
}

export function subscribeFlowForm(flow: FixedFlow, listener: () => void): () => void {
  let set = listeners.get(flow);
  if (!set) {
    set = new Set();
    listeners.set(flow, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Forgets the live copies, as a page reload would (tests). */
export function dropFlowFormCache(): void {
  current.clear();
}
