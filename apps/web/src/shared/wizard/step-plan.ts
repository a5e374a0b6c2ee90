import { type FixedFlow, FLOW_STEPS } from '@shop/domain';
import type { FieldErrors } from '../forms/validation.ts';
import { type FlowForm, STEP_FLAGS, withStepFlag } from './flow-forms.ts';

/**
 * How a fixed wizard walks its route steps (FLOW_STEPS) for a given form: which
 * steps the form's answers call for, and each step's field errors. Steps a form
 * does not call for (the rural/urban question of a ficha identification, the
 * unit of a property not in horizontal property) are recorded as done, so the
 * first-invalid-step guard never stops at them.
 */
export interface StepPlan<F extends FixedFlow> {
  flow: F;
  /** Whether `step` is asked for this form. */
  applies: (step: string, form: FlowForm<F>) => boolean;
  /** The field errors of `step` for this form (validation codes); empty when it may be recorded. */
  errors: (step: string, form: FlowForm<F>) => FieldErrors;
}

const isEmpty = (errors: FieldErrors) => !Object.values(errors).some(Boolean);

/** The route steps of the plan's flow, confirmation included. */
export function planSteps(plan: StepPlan<FixedFlow>): readonly string[] {
  return FLOW_STEPS[plan.flow];
}

/** The first step after `step` that this form asks for (confirmation is always asked). */
export function nextStep<F extends FixedFlow>(plan: StepPlan<F>, step: string, form: FlowForm<F>): string {
  const steps = FLOW_STEPS[plan.flow];
  const later = steps.slice(steps.indexOf(step) + 1);
  return later.find((s) => plan.applies(s, form)) ?? steps[steps.length - 1] ?? step;
}

/** The last step before `step` that this form asks for, or null on the first one. */
export function previousStep<F extends FixedFlow>(
  plan: StepPlan<F>,
  step: string,
  form: FlowForm<F>,
): string | null {
  const steps = FLOW_STEPS[plan.flow];
  const earlier = steps.slice(0, Math.max(0, steps.indexOf(step)));
  return earlier.reverse().find((s) => plan.applies(s, form)) ?? null;
}

/**
 * `form` with the steps after `step` brought in line with its answers: a step the
 * form no longer asks for is recorded as done, and a step recorded earlier stays
 * recorded only while its fields are still valid (a changed identification mode
 * clears the numbers, so their step must be answered again before the summary).
 */
export function syncLaterSteps<F extends FixedFlow>(
  plan: StepPlan<F>,
  step: string,
  form: FlowForm<F>,
): FlowForm<F> {
  const steps = FLOW_STEPS[plan.flow];
  let next = form;
  for (const later of steps.slice(steps.indexOf(step) + 1)) {
    const flag = STEP_FLAGS[plan.flow][later];
    if (!flag) continue;
    const recorded = (next as unknown as Record<string, unknown>)[flag] === true;
    if (!plan.applies(later, next)) next = withStepFlag(plan.flow, next, later, true);
    else if (recorded && !isEmpty(plan.errors(later, next)))
      next = withStepFlag(plan.flow, next, later, false);
  }
  return next;
}

/** `form` with `step` recorded as valid and the later steps synced (syncLaterSteps). */
export function recordStep<F extends FixedFlow>(
  plan: StepPlan<F>,
  step: string,
  form: FlowForm<F>,
): FlowForm<F> {
  return syncLaterSteps(plan, step, withStepFlag(plan.flow, form, step, true));
}

/** The first step whose errors are not empty for this form (checked in order), or null. */
export function firstStepWithErrors<F extends FixedFlow>(
  plan: StepPlan<F>,
  form: FlowForm<F>,
): string | null {
  return FLOW_STEPS[plan.flow].find((s) => plan.applies(s, form) && !isEmpty(plan.errors(s, form))) ?? null;
}
