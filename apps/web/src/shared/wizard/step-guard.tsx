import { canEnterFlow, type FixedFlow, flowRedirect } from '@shop/domain';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useConfig } from '../config/config-store.ts';
import { paths, withSearch } from '../paths.ts';
import { type FlowForm, INTRO_STEPS, validatedSteps } from './flow-forms.ts';
import { useFlowForm } from './use-flow-form.ts';

/**
 * Where a visitor asking for `step` of `flow` must go instead, or null when the
 * step may be shown: services when the store refuses the flow (spec 4: Nota
 * Simple and q-propiedades on Portuguese stores, Portuguese flows elsewhere),
 * else the first step before it that is not yet valid.
 */
export function stepRedirectPath<F extends FixedFlow>(
  flow: F,
  step: string,
  storeId: number,
  form: FlowForm<F>,
): string | null {
  if (!canEnterFlow(storeId, flow)) return paths.services();
  const validated = validatedSteps(flow, form);
  for (const intro of INTRO_STEPS[flow]) validated.add(intro);
  const first = flowRedirect(flow, validated, step);
  return first ? paths.flowStep(flow, first) : null;
}

/** The redirect target for this step, query string kept (e.g. ?store_id=14), or null. */
export function useStepGuard(flow: FixedFlow, step: string): string | null {
  const { store_id } = useConfig();
  const { form } = useFlowForm(flow);
  const target = stepRedirectPath(flow, step, store_id, form);
  // The raw search, not wouter's decoded copy, so encoded values survive.
  return target ? withSearch(target, window.location.search) : null;
}

/** Only the store rule: services when the store refuses the flow (for screens outside the steps). */
export function useStoreGuard(flow: FixedFlow): string | null {
  const { store_id } = useConfig();
  return canEnterFlow(store_id, flow) ? null : withSearch(paths.services(), window.location.search);
}

/** Renders the step, or redirects (replacing the history entry) as useStepGuard says. */
export function StepGuard({ flow, step, children }: { flow: FixedFlow; step: string; children: ReactNode }) {
  const target = useStepGuard(flow, step);
  return target ? <Redirect to={target} replace /> : children;
}
