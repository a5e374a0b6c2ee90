import type { FixedFlow } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { FieldErrors } from '../forms/validation.ts';
import { paths, withSearch } from '../paths.ts';
import type { FlowForm } from './flow-forms.ts';
import { flowStore, useFlowForm } from './flow-store.ts';
import {
  type FixedPlan,
  previousStep,
  recordStep,
  nextStep as stepAfter,
  stepProgress,
  syncLaterSteps,
} from './step-plan.ts';

export interface PlanStepApi<F extends FixedFlow> {
  form: FlowForm<F>;
  /** Whether this step is recorded (answered before). */
  recorded: boolean;
  /** Saves fields at once (a reload keeps them); later steps that no longer hold lose their flag. */
  update: (patch: Partial<FlowForm<F>>) => void;
  /** The step's errors, shown once Next was pressed, then kept up to date as the customer types. */
  errors: FieldErrors;
  /** Validates the step (with a last patch) and records it; false (errors shown) when it may not be. */
  submit: (patch?: Partial<FlowForm<F>>) => boolean;
  /** submit, then the next step the plan asks (or `to`, a step chosen from data outside the form). */
  next: (patch?: Partial<FlowForm<F>>, to?: string) => boolean;
  /** Goes to the previous step; undefined on the first one. */
  back: (() => void) | undefined;
  /** Goes to another step of the flow (the summary's change links), query string kept. */
  goTo: (step: string) => void;
  /** 'Paso n de N' (stepProgress); position undefined where no number is shown (an intro, the confirmation). */
  position: number | undefined;
  total: number;
  /** Clears the form and its steps. */
  reset: () => void;
}

/**
 * One step of a fixed wizard driven by its plan (`localErrors`: what only the
 * step knows, e.g. a yes/no question not answered yet): errors on Next with
 * focus on the first invalid field, the step recorded together with the later
 * steps' flags (recordStep), navigation that keeps the query string.
 */
export function usePlanStep<F extends FixedFlow>(
  plan: FixedPlan<F>,
  step: string,
  localErrors: FieldErrors = {},
): PlanStepApi<F> {
  const store = flowStore(plan.flow);
  const form = useFlowForm(plan.flow);
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
  const { position, total } = plan.progress?.(step, form) ?? stepProgress(plan, step, form);
  const update = (patch: Partial<FlowForm<F>>) =>
    store.set(syncLaterSteps(plan, step, { ...store.get(), ...patch }));

  const submit = (patch: Partial<FlowForm<F>> = {}) => {
    const merged = { ...store.get(), ...patch };
    const errors = { ...plan.errors(step, merged), ...localErrors };
    if (Object.values(errors).some(Boolean)) {
      update(patch);
      setSubmitted(true);
      setFailures((n) => n + 1);
      return false;
    }
    store.set(recordStep(plan, step, merged));
    return true;
  };

  return {
    form,
    recorded: plan.isRecorded(step, form),
    update,
    errors: submitted ? { ...plan.errors(step, form), ...localErrors } : {},
    submit,
    next: (patch, to) => {
      if (!submit(patch)) return false;
      goTo(to ?? stepAfter(plan, step, store.get()));
      return true;
    },
    back: previous ? () => goTo(previous) : undefined,
    goTo,
    position: position > 0 && step !== 'confirmation' ? position : undefined,
    total,
    reset: () => store.reset(),
  };
}
