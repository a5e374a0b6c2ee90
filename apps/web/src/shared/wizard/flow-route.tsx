import { canEnterFlow, type FixedFlow, FLOW_STEPS } from '@shop/domain';
import type { ComponentType } from 'react';
import { Redirect } from 'wouter';
import { useConfig } from '../config/config-store.ts';
import { useRawSearch } from '../hooks/use-raw-search.ts';
import { paths, withSearch } from '../paths.ts';
import { useFlowForm } from './flow-store.ts';
import { type FixedPlan, stepRedirect } from './step-plan.ts';

export interface FlowRouteProps<F extends FixedFlow> {
  plan: FixedPlan<F>;
  /** The route segment, e.g. 'step3'. */
  step: string | undefined;
  /** One component per route step; no step goes to the first one, an unknown step to services. */
  steps: Readonly<Record<string, ComponentType>>;
}

/**
 * A fixed wizard's route: services when the store does not sell the wizard's
 * product (the domain's canEnterFlow, the header's rule too) or the step is
 * unknown (spec 2); else the plan's guard (stepRedirect, spec 4), the raw query
 * string kept so encoded values survive.
 */
export function FlowRoute<F extends FixedFlow>({ plan, step, steps }: FlowRouteProps<F>) {
  const { store_id } = useConfig();
  const form = useFlowForm(plan.flow);
  const search = useRawSearch();
  const to = (target: string) => <Redirect to={withSearch(target, search)} replace />;
  if (!canEnterFlow(store_id, plan.flow)) return to(paths.services());
  if (!step) return to(paths.flowStep(plan.flow, FLOW_STEPS[plan.flow].find((id) => steps[id]) ?? 'step1'));
  const Step = Object.hasOwn(steps, step) ? steps[step] : undefined;
  if (!Step) return to(paths.services());
  const target = stepRedirect(plan, step, form);
  return target ? to(paths.flowStep(plan.flow, target)) : <Step key={step} />;
}
