import {
  canEnterGenericConfirmation,
  MAX_STEPS,
  type ProductDefinition,
  valuesFromList,
  wizardOptions,
} from '@shop/domain';
import type { StoredGenericForm } from '../../../shared/wizard/generic-store.ts';
import type { StepPlan } from '../../../shared/wizard/step-plan.ts';

/** The route step of step number n: 'step3'. */
export const stepId = (step: number) => `step${step}`;

/** The step number of a route step ('step3' -> 3), null for the confirmation. */
export function stepNumber(step: string): number | null {
  const match = /^step(\d+)$/.exec(step);
  return match ? Number(match[1]) : null;
}

/**
 * The generic wizard's plan (spec 4), on the same engine as the fixed wizards:
 * one step per option its answers ask for (at most 30), then the confirmation.
 * Step n is recorded once n values are (the current step is the count of
 * recorded values plus one); the confirmation opens early when early checkout
 * is ready or the maximum is reached. A step's answer is checked by the step
 * itself (optionProblem), so the plan reports no field errors.
 */
export function genericPlan(definition: ProductDefinition): StepPlan<StoredGenericForm> {
  return {
    steps: (form) => {
      const asked = wizardOptions(definition, valuesFromList(form.values)).length;
      const count = Math.min(asked, MAX_STEPS);
      return [...Array.from({ length: count }, (_, index) => stepId(index + 1)), 'confirmation'];
    },
    isRecorded: (step, form) => {
      const number = stepNumber(step);
      return number !== null && form.values.length >= number;
    },
    errors: () => ({}),
    open: (step, form) => step === 'confirmation' && canEnterGenericConfirmation(definition, form.values),
  };
}
