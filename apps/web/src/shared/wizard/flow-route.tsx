import { type FixedFlow, FLOW_STEPS } from '@shop/domain';
import type { ComponentType } from 'react';
import { Redirect, useLocation } from 'wouter';
import { paths, withSearch } from '../paths.ts';
import { PlanGuard } from './plan-guard.tsx';
import { StepGuard } from './step-guard.tsx';
import type { StepPlan } from './step-plan.ts';

/** Goes to a step of a fixed wizard, keeping the query string (store_id, utm_*...). */
export function useFlowNavigate(flow: FixedFlow): (step: string) => void {
  const [, navigate] = useLocation();
  return (step) => navigate(withSearch(paths.flowStep(flow, step), window.location.search));
}

export interface FlowRouteProps<F extends FixedFlow> {
  flow: F;
  /** The route segment, e.g. 'step3'. */
  step: string | undefined;
  /** One component per route step; no step goes to the first one, an unknown step to services. */
  steps: Readonly<Record<string, ComponentType>>;
  /** The wizard's StepPlan, when its data decides the steps: then PlanGuard stands behind StepGuard. */
  plan?: StepPlan<F>;
}

/** A fixed wizard's route: the step's component behind the store and step guards. */
export function FlowRoute<F extends FixedFlow>({ flow, step, steps, plan }: FlowRouteProps<F>) {
  const search = window.location.search;
  if (!step) {
    const first = FLOW_STEPS[flow].find((id) => steps[id]) ?? 'step1';
    return <Redirect to={withSearch(paths.flowStep(flow, first), search)} replace />;
  }
  const Step = Object.hasOwn(steps, step) ? steps[step] : undefined;
  // Spec 2: any unknown path goes to the services screen.
  if (!Step) return <Redirect to={withSearch(paths.services(), search)} replace />;
  return (
    <StepGuard flow={flow} step={step}>
      {plan ? (
        <PlanGuard plan={plan} step={step}>
          <Step key={step} />
        </PlanGuard>
      ) : (
        <Step key={step} />
      )}
    </StepGuard>
  );
}
