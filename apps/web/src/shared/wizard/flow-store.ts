import type { FixedFlow } from '@shop/domain';
import { blankFlowForm, type FlowForm, flowFormFrom } from './flow-forms.ts';
import { FLOW_STORAGE_KEYS } from './storage-keys.ts';
import { createWizardStore, useWizardForm, type WizardStore } from './wizard-store.ts';

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

function storeOf<F extends FixedFlow>(flow: F): WizardStore<FlowForm<F>> {
  return createWizardStore<FlowForm<F>>({
    key: FLOW_STORAGE_KEYS[flow],
    storage: 'local',
    maxAgeMs: FLOW_MAX_AGE_MS[flow],
    blank: () => blankFlowForm(flow),
    read: (raw) => (typeof raw === 'object' && raw !== null ? flowFormFrom(flow, raw) : null),
  });
}

const STORES: { readonly [F in FixedFlow]: WizardStore<FlowForm<F>> } = {
  'nota-simple': storeOf('nota-simple'),
  'q-propiedades': storeOf('q-propiedades'),
  'certidao-permanente': storeOf('certidao-permanente'),
  'i-predial-simplificada': storeOf('i-predial-simplificada'),
};

/** The store of a fixed wizard's form (localStorage, spec 3 key; wizard-store.ts). */
export function flowStore<F extends FixedFlow>(flow: F): WizardStore<FlowForm<F>> {
  return STORES[flow] as WizardStore<FlowForm<F>>;
}

/** The current form of `flow` (the saved one on first use, else a blank one). */
export function getFlowForm<F extends FixedFlow>(flow: F): FlowForm<F> {
  return flowStore(flow).get();
}

/** Replaces the form of `flow`, saves it and re-renders its users. */
export function setFlowForm<F extends FixedFlow>(flow: F, form: FlowForm<F>): void {
  flowStore(flow).set(form);
}

/** Merges `patch` into the form of `flow`. */
export function updateFlowForm<F extends FixedFlow>(flow: F, patch: Partial<FlowForm<F>>): void {
  setFlowForm(flow, { ...getFlowForm(flow), ...patch });
}

/** Clears the form and its steps (spec 4). */
export function resetFlowForm(flow: FixedFlow): void {
  flowStore(flow).reset();
}

/** The form of `flow` in a component, re-rendering on change. */
export function useFlowForm<F extends FixedFlow>(flow: F): FlowForm<F> {
  return useWizardForm(flowStore(flow));
}
