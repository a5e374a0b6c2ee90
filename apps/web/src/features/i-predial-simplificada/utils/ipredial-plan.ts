import { type SimplifiedReportForm, SimplifiedReportFormSchema } from '@shop/domain';
import { predialPlan } from '../../../shared/predial/predial-plan.ts';

export const FLOW = 'i-predial-simplificada' as const;

/** The form fields each step asks (README.md "Steps"); step2 and step3 also ask a yes/no question. */
export const STEP_FIELDS: Readonly<Record<string, readonly (keyof SimplifiedReportForm)[]>> = {
  step1: ['distrito_concelho_freguesia'],
  step2: [],
  step21: ['prop_horizontal_fracao'],
  step3: ['num_ficha'],
  step4: [],
  confirmation: [],
};

/** The simplified report wizard: step21 (the unit) is the branch of a property in horizontal property. */
export const ipredialPlan = predialPlan(
  FLOW,
  SimplifiedReportFormSchema,
  STEP_FIELDS,
  (step, form) => (step === 'step21' ? form.prop_horizontal : true),
  { step21: 'step2' },
);
