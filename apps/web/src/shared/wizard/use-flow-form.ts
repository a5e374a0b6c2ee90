import type { FixedFlow } from '@shop/domain';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type FlowForm, validatedSteps, withStepFlag } from './flow-forms.ts';
import { getFlowForm, resetFlowForm, setFlowForm, subscribeFlowForm, updateFlowForm } from './flow-store.ts';

export interface FlowFormApi<F extends FixedFlow> {
  /** The form as typed so far (spec 3 field names and step flags). */
  form: FlowForm<F>;
  /** The route steps recorded as valid (e.g. 'step41'). */
  validated: ReadonlySet<string>;
  /** Merges fields into the form; saved at once, so a reload keeps them. */
  update: (patch: Partial<FlowForm<F>>) => void;
  /** Records route step `step` as valid (or not) together with an optional last patch. */
  markStep: (step: string, valid?: boolean, patch?: Partial<FlowForm<F>>) => void;
  /** Clears the form and its steps. */
  reset: () => void;
}

/** One fixed wizard's form, persisted to its storage key on every change. */
export function useFlowForm<F extends FixedFlow>(flow: F): FlowFormApi<F> {
  const subscribe = useCallback((listener: () => void) => subscribeFlowForm(flow, listener), [flow]);
  const read = useCallback(() => getFlowForm(flow), [flow]);
  const form = useSyncExternalStore(subscribe, read, read);
  return useMemo(
    () => ({
      form,
      validated: validatedSteps(flow, form),
      update: (patch) => updateFlowForm(flow, patch),
      markStep: (step, valid = true, patch = {}) =>
        setFlowForm(flow, withStepFlag(flow, { ...getFlowForm(flow), ...patch }, step, valid)),
      reset: () => resetFlowForm(flow),
    }),
    [flow, form],
  );
}
