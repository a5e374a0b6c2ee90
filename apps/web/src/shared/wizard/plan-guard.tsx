import { type FixedFlow, FLOW_STEPS } from '@shop/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Redirect, useLocation } from 'wouter';
import { paths, withSearch } from '../paths.ts';
import type { FlowForm } from './flow-forms.ts';
import { setFlowForm } from './flow-store.ts';
import { firstStepWithErrors, nextStep, recordStep, type StepPlan } from './step-plan.ts';
import { useFlowForm } from './use-flow-form.ts';

/**
 * Where a visitor asking for `step` must go instead, judged on the data (after
 * the flag guard, StepGuard, let them in): a step this form does not ask for
 * goes on to the next one asked; an earlier asked step whose data is no longer
 * valid (an old or edited saved form) is shown first.
 */
export function planRedirect<F extends FixedFlow>(
  plan: StepPlan<F>,
  step: string,
  form: FlowForm<F>,
): string | null {
  if (!plan.applies(step, form)) return nextStep(plan, step, form);
  const steps = FLOW_STEPS[plan.flow];
  const broken = firstStepWithErrors(plan, form);
  return broken && steps.indexOf(broken) < steps.indexOf(step) ? broken : null;
}

const stepHref = (flow: FixedFlow, step: string) =>
  withSearch(paths.flowStep(flow, step), window.location.search);

/** A step this form does not ask for: recorded as done, then on to the next one asked. */
function SkipStep<F extends FixedFlow>({
  plan,
  step,
  form,
}: {
  plan: StepPlan<F>;
  step: string;
  form: FlowForm<F>;
}) {
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const recorded = recordStep(plan, step, form);
    setFlowForm(plan.flow, recorded);
    navigate(stepHref(plan.flow, nextStep(plan, step, recorded)), { replace: true });
  }, [plan, step, form, navigate]);
  return null;
}

/** Renders the step, or redirects (query string kept) as planRedirect says. */
export function PlanGuard<F extends FixedFlow>({
  plan,
  step,
  children,
}: {
  plan: StepPlan<F>;
  step: string;
  children: ReactNode;
}) {
  const { form } = useFlowForm(plan.flow);
  if (!plan.applies(step, form)) return <SkipStep plan={plan} step={step} form={form} />;
  const target = planRedirect(plan, step, form);
  return target ? <Redirect to={stepHref(plan.flow, target)} replace /> : children;
}
