import { type FixedFlow, FLOW_STEPS, firstInvalidStep } from '@shop/domain';
import type { FieldErrors } from '../forms/validation.ts';
import { type FlowForm, STEP_FLAGS, withStepFlag } from './flow-forms.ts';

/**
 * How a wizard walks its route steps: the one step engine of the four fixed
 * wizards and the generic one. A plan says which steps a form asks for, which
 * are recorded, which the guard never demands, each step's field errors, and
 * which step opens early. The guard (stepRedirect), the navigation (nextStep,
 * previousStep) and the progress line all read it.
 */
export interface StepPlan<Form> {
  /** The route steps this form asks for, in order, the last one (confirmation, summary) included. */
  steps: (form: Form) => readonly string[];
  /** Whether `step` is recorded as done. */
  isRecorded: (step: string, form: Form) => boolean;
  /** A step the guard never demands and Next never enters on its own (an intro, a branch chosen elsewhere). */
  optional?: (step: string) => boolean;
  /** The step's field errors for this form (validation codes); empty when it may be recorded. */
  errors: (step: string, form: Form) => FieldErrors;
  /** A step the guard opens whatever comes before it (the generic confirmation once early checkout is ready). */
  open?: (step: string, form: Form) => boolean;
  /** 'Paso n de N' of a step, when the plan counts its own way (the fixed wizards); else stepProgress. */
  progress?: (step: string, form: Form) => { position: number; total: number };
}

const isEmpty = (errors: FieldErrors) => !Object.values(errors).some(Boolean);
const isOptional = <Form>(plan: StepPlan<Form>, step: string) => plan.optional?.(step) === true;

/** Whether the guard lets a visitor past `step`: optional, or recorded with data that still holds. */
export function isPassed<Form>(plan: StepPlan<Form>, step: string, form: Form): boolean {
  return isOptional(plan, step) || (plan.isRecorded(step, form) && isEmpty(plan.errors(step, form)));
}

/**
 * Where a visitor asking for `step` must go instead, or null when it may be shown
 * (spec 4): the first step before it that is not passed (query string kept by the
 * caller). A step this form does not ask for counts as past the end: the first
 * step not passed, else the last step.
 */
export function stepRedirect<Form>(plan: StepPlan<Form>, step: string, form: Form): string | null {
  if (plan.open?.(step, form)) return null;
  const steps = plan.steps(form);
  const first = firstInvalidStep(steps, (candidate) => isPassed(plan, candidate, form), step);
  if (first !== null || steps.includes(step)) return first;
  return steps[steps.length - 1] ?? null;
}

/** The step after `step` for this form: the next one asked that is not optional; the last one when none. */
export function nextStep<Form>(plan: StepPlan<Form>, step: string, form: Form): string {
  const steps = plan.steps(form);
  const index = steps.indexOf(step);
  const later = index < 0 ? [] : steps.slice(index + 1);
  return later.find((candidate) => !isOptional(plan, candidate)) ?? steps[steps.length - 1] ?? step;
}

/**
 * The step before `step`: the last earlier one asked that is not optional or was
 * recorded (the branch the visitor went through), else the first step (an
 * intro); null on the first step.
 */
export function previousStep<Form>(plan: StepPlan<Form>, step: string, form: Form): string | null {
  const steps = plan.steps(form);
  const earlier = steps.slice(0, Math.max(0, steps.indexOf(step)));
  const taken = [...earlier]
    .reverse()
    .find((candidate) => !isOptional(plan, candidate) || plan.isRecorded(candidate, form));
  return taken ?? earlier[0] ?? null;
}

/**
 * 'Paso n de N': the steps counted are those asked that are neither optional nor
 * the confirmation; an optional step shares the number of the step before it
 * (the Nota Simple branches count as step 4), the intro has none (0).
 */
export function stepProgress<Form>(
  plan: StepPlan<Form>,
  step: string,
  form: Form,
): { position: number; total: number } {
  const steps = plan.steps(form);
  const counted = (candidate: string) => candidate !== 'confirmation' && !isOptional(plan, candidate);
  const index = steps.indexOf(step);
  return {
    position: steps.slice(0, index + 1).filter(counted).length,
    total: steps.filter(counted).length,
  };
}

/** A fixed wizard's plan: its flow, its route steps (domain FLOW_STEPS) recorded in the spec 3 step flags. */
export interface FixedPlan<F extends FixedFlow> extends StepPlan<FlowForm<F>> {
  flow: F;
}

/** What a fixed wizard adds to its route steps. */
export interface FixedPlanRules<F extends FixedFlow> {
  /** Whether the form asks for a route step (a branch its answers call for); by default every step. */
  applies?: (step: string, form: FlowForm<F>) => boolean;
  /** The field errors of a step for this form; by default none. */
  errors?: (step: string, form: FlowForm<F>) => FieldErrors;
  /** Route steps the guard never demands and Next never enters on its own. */
  optional?: readonly string[];
  /** A first step without a number (an intro). */
  intro?: string;
  /**
   * A branch step and the step whose answer decides it. Until that step is
   * recorded the branch counts in 'Paso n de N', so the total never grows as
   * answers come in (it may shrink when a branch is not taken).
   */
  decidedBy?: Readonly<Record<string, string>>;
  /** Branch steps of which at most one is taken: they share one number. */
  oneOf?: readonly (readonly string[])[];
}

/**
 * 'Paso n de N' of a fixed wizard: every step the form asks for or may still
 * ask for (an undecided branch) counts once, an optional branch step when it is
 * shown or was taken, mutually exclusive branches as one; the intro and the
 * confirmation have no number. So a number is never shown twice and the total
 * never grows during a walk through the wizard.
 */
function fixedProgress<F extends FixedFlow>(
  plan: FixedPlan<F>,
  rules: FixedPlanRules<F>,
  step: string,
  form: FlowForm<F>,
): { position: number; total: number } {
  const asked = new Set(plan.steps(form));
  const undecided = (candidate: string) => {
    const decider = rules.decidedBy?.[candidate];
    return decider !== undefined && !plan.isRecorded(decider, form);
  };
  const counts = (candidate: string) => {
    if (candidate === 'confirmation' || candidate === rules.intro) return false;
    if (plan.optional?.(candidate)) {
      return candidate === step || plan.isRecorded(candidate, form) || undecided(candidate);
    }
    return asked.has(candidate) || undecided(candidate);
  };
  const slotOf = (candidate: string) =>
    rules.oneOf?.find((group) => group.includes(candidate))?.[0] ?? candidate;
  const slots: string[] = [];
  for (const candidate of FLOW_STEPS[plan.flow]) {
    if (counts(candidate) && !slots.includes(slotOf(candidate))) slots.push(slotOf(candidate));
  }
  const index = counts(step) ? slots.indexOf(slotOf(step)) : -1;
  return { position: index + 1, total: slots.length };
}

/** The plan of a fixed wizard (spec 2 routes, spec 3 flags, spec 4 order). */
export function fixedPlan<F extends FixedFlow>(flow: F, rules: FixedPlanRules<F> = {}): FixedPlan<F> {
  const optional = new Set(rules.optional ?? []);
  const plan: FixedPlan<F> = {
    flow,
    steps: (form) => FLOW_STEPS[flow].filter((step) => rules.applies?.(step, form) ?? true),
    isRecorded: (step, form) => {
      const flag = STEP_FLAGS[flow][step];
      return flag !== undefined && (form as unknown as Record<string, unknown>)[flag] === true;
    },
    optional: (step) => optional.has(step),
    errors: (step, form) => rules.errors?.(step, form) ?? {},
    progress: (step, form) => fixedProgress(plan, rules, step, form),
  };
  return plan;
}

/**
 * `form` with the steps after `step` brought in line with its answers: a step
 * the form no longer asks for is recorded as done (spec 4: a form is valid when
 * all its steps are), and a step recorded earlier stays recorded only while its
 * fields are still valid (a changed identification mode clears the numbers, so
 * their step must be answered again before the summary).
 */
export function syncLaterSteps<F extends FixedFlow>(
  plan: FixedPlan<F>,
  step: string,
  form: FlowForm<F>,
): FlowForm<F> {
  const steps = FLOW_STEPS[plan.flow];
  let next = form;
  for (const later of steps.slice(steps.indexOf(step) + 1)) {
    if (!plan.steps(next).includes(later)) next = withStepFlag(plan.flow, next, later, true);
    else if (plan.isRecorded(later, next) && !isEmpty(plan.errors(later, next)))
      next = withStepFlag(plan.flow, next, later, false);
  }
  return next;
}

/** `form` with `step` recorded (its spec 3 flag) and the later steps synced (syncLaterSteps). */
export function recordStep<F extends FixedFlow>(
  plan: FixedPlan<F>,
  step: string,
  form: FlowForm<F>,
): FlowForm<F> {
  return syncLaterSteps(plan, step, withStepFlag(plan.flow, form, step, true));
}
