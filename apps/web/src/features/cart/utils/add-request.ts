import type { FixedFlow } from '@shop/domain';
import type { AddKind } from '../../../shared/api/cart.ts';
import { newRequestId } from '../../../shared/api/request-id.ts';
import { flowStore } from '../../../shared/wizard/flow-store.ts';
import { genericStore } from '../../../shared/wizard/generic-store.ts';

/** The wizard behind each cart/add route. */
export const ADD_KIND_FLOW: Readonly<Record<Exclude<AddKind, 'product'>, FixedFlow>> = {
  ns: 'nota-simple',
  qpropiedades: 'q-propiedades',
  certidao: 'certidao-permanente',
  ipredial: 'i-predial-simplificada',
};

export const ADD_KINDS: readonly AddKind[] = ['ns', 'qpropiedades', 'certidao', 'ipredial', 'product'];

export function isAddKind(value: string): value is AddKind {
  return (ADD_KINDS as readonly string[]).includes(value);
}

/** A saved wizard form and a fingerprint of the exact stored text (it changes on every save). */
export interface SavedForm {
  form: object;
  version: string;
}

/** FNV-1a, 32 bits, as hex: a short fingerprint, not a secret. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The form the wizard saved for this route, read through its wizard store (which
 * applies its age rule): the fixed wizards' localStorage entries or the generic
 * wizard's sessionStorage 'last_generic_form'.
 */
export function readSavedForm(kind: AddKind): SavedForm | null {
  if (kind === 'product') {
    const saved = genericStore.saved();
    if (!saved?.form) return null;
    // The wizard also keeps file names and unsent drafts there: the browser's, not the form's.
    const { files: _files, drafts: _drafts, ...generic } = saved.form;
    return { form: generic, version: fingerprint(saved.text) };
  }
  const saved = flowStore(ADD_KIND_FLOW[kind]).saved();
  return saved ? { form: saved.form, version: fingerprint(saved.text) } : null;
}

/** What we remember of the last add per route, in sessionStorage (survives a reload of the tab). */
export interface AddRecord {
  version: string;
  requestId: string;
  done: boolean;
}

export const ADD_RECORDS_KEY = 'cart_add_requests';

function readRecords(): Partial<Record<AddKind, AddRecord>> {
  try {
    return JSON.parse(window.sessionStorage.getItem(ADD_RECORDS_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

function writeRecord(kind: AddKind, record: AddRecord): void {
  try {
    window.sessionStorage.setItem(ADD_RECORDS_KEY, JSON.stringify({ ...readRecords(), [kind]: record }));
  } catch {
    // Blocked storage: the in-memory guard still stops a double post on this page.
  }
}

/**
 * The add of this version of the form: the remembered one (same request id, so
 * a repeated post is answered with the item already created), or a new one.
 */
export function addRecordFor(kind: AddKind, version: string): AddRecord {
  const known = readRecords()[kind];
  if (known && known.version === version && typeof known.requestId === 'string') return known;
  const record: AddRecord = { version, requestId: newRequestId(), done: false };
  writeRecord(kind, record);
  return record;
}

/** Remembers that the add of `record` succeeded: this version of the form is not posted again. */
export function markAddDone(kind: AddKind, record: AddRecord): void {
  writeRecord(kind, { ...record, done: true });
}
