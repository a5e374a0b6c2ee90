import { type SimplifiedReportForm, SimplifiedReportFormSchema } from '@shop/domain';
import { type FieldErrors, stepErrors } from '../../../shared/forms/validation.ts';
import type { StepPlan } from '../../../shared/wizard/step-plan.ts';

export const FLOW = 'i-predial-simplificada' as const;

type Field = keyof SimplifiedReportForm;

/** The form fields each step asks (README.md "Steps"); step2 and step3 also ask a yes/no question. */
export const STEP_FIELDS: Readonly<Record<string, readonly Field[]>> = {
  step1: ['distrito_concelho_freguesia'],
  step2: [],
  step21: ['prop_horizontal_fracao'],
  step3: ['num_ficha'],
  step4: [],
  confirmation: [],
};

/** A place picked from the freguesia list reads 'distrito / concelho / freguesia'. */
export function isPickedPlace(value: string): boolean {
  return value.split(' / ').filter((part) => part.trim() !== '').length >= 3;
}

// A blank place would stop zod before the cross-field rules (ficha, unit) run.
const FILLER = { distrito_concelho_freguesia: '-' };

function errorsOf(step: string, form: SimplifiedReportForm): FieldErrors {
  const errors: FieldErrors = stepErrors(SimplifiedReportFormSchema, form, STEP_FIELDS[step] ?? [], FILLER);
  if (
    step === 'step1' &&
    !errors.distrito_concelho_freguesia &&
    !isPickedPlace(form.distrito_concelho_freguesia)
  )
    errors.distrito_concelho_freguesia = 'invalid_option';
  return errors;
}

/** The simplified report wizard: step21 (the unit) is the branch of a property in horizontal property. */
export const ipredialPlan: StepPlan<typeof FLOW> = {
  flow: FLOW,
  applies: (step, form) => (step === 'step21' ? form.prop_horizontal : true),
  errors: (step, form) => {
    if (step !== 'confirmation') return errorsOf(step, form);
    const all: FieldErrors = stepErrors(SimplifiedReportFormSchema, form, Object.values(STEP_FIELDS).flat());
    return { ...all, ...errorsOf('step1', form) };
  },
};
