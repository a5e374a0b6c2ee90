import { type FixedFlow, FLOW_STEPS } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { FieldErrors } from '../forms/validation.ts';
import { paths, withSearch } from '../paths.ts';
import type { FlowForm } from './flow-forms.ts';
import { getFlowForm, setFlowForm } from './flow-store.ts';
import { nextStep, previousStep, recordStep, type StepPlan, syncLaterSteps } from './step-plan.ts';
import { useFlowForm } from './use-flow-form.ts';

export interface PlanStepApi<F extends FixedFlow> {
  form: FlowForm<F>;
  /** Saves fields at once (a reload keeps them); later steps that no longer hold lose their flag. */
  update: (patch: Partial<FlowForm<F>>) => void;
  /** The step's errors, shown once Next was pressed, then kept up to date as the customer types. */
  errors: FieldErrors;
  /** Validates the step (with a last patch), records it and goes to the next asked step. */
  next: (patch?: Partial<FlowForm<F>>) => boolean;
  /** Goes to the previous asked step; undefined on the first one. */
  back: (() => void) | undefined;
  /** Goes to another step of the flow (the summary's change links). */
  goTo: (step: string) => void;
  /** 1-based position among the steps this form asks for (confirmation excluded), and their count. */
  position: number;
  total: number;
}

/**
 * One step of a fixed wizard driven by its StepPlan (`localErrors`: what only the
 * step knows, e.g. a yes/no question not answered yet): errors on Next with focus
 * on the first invalid field, the step recorded together with the later steps'
 * flags (recordStep), navigation that keeps the query string.
 */
export function usePlanStep<F extends FixedFlow>(
  plan: StepPlan<F>,
  step: string,
  localErrors: FieldErrors = {},
): PlanStepApi<F> {
  const { form } = useFlowForm(plan.flow);
  const [, navigate] = useLocation();
  const [submitted, setSubmitted] = useState(false);
  const [failures, setFailures] = useState(0);

  // After a refused Next, the first invalid field takes focus (its error is read with it).
  useEffect(() => {
    if (failures === 0) return;
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);

  const goTo = (target: string) =>
    navigate(withSearch(paths.flowStep(plan.flow, target), window.location.search));
  const previous = previousStep(plan, step, form);
  const asked = FLOW_STEPS[plan.flow].filter((s) => s !== 'confirmation' && plan.applies(s, form));

  const update = (patch: Partial<FlowForm<F>>) =>
    setFlowForm(plan.flow, syncLaterSteps(plan, step, { ...getFlowForm(plan.flow), ...patch }));

  return {
    form,
    update,
    errors: submitted ? { ...plan.errors(step, form), ...localErrors } : {},
    next: (patch = {}) => {
      const merged = { ...getFlowForm(plan.flow), ...patch };
      const errors = { ...plan.errors(step, merged), ...localErrors };
      if (Object.values(errors).some(Boolean)) {
        update(patch);
        setSubmitted(true);
        setFailures((n) => n + 1);
        return false;
      }
      const recorded = recordStep(plan, step, merged);
      setFlowForm(plan.flow, recorded);
      goTo(nextStep(plan, step, recorded));
      return true;
    },
    back: previous ? () => goTo(previous) : undefined,
    goTo,
    position: Math.max(1, asked.indexOf(step) + 1),
    total: asked.length,
  };
}
