import type { CertificateForm, SimplifiedReportForm } from '@shop/domain';
import { type FieldErrors, stepErrors } from '../forms/validation.ts';
import type { FlowForm } from '../wizard/flow-forms.ts';
import { type FixedPlan, type FixedPlanRules, fixedPlan } from '../wizard/step-plan.ts';

/** The two Portuguese registry wizards (Certidão Permanente, Informação Predial Simplificada). */
export type PredialFlow = 'certidao-permanente' | 'i-predial-simplificada';

type Field = keyof CertificateForm | keyof SimplifiedReportForm;

/** The parts of a zod (mini) schema stepErrors needs. */
type Schema = Parameters<typeof stepErrors>[0];

const PLACE = 'distrito_concelho_freguesia';

/** A place picked from the freguesia list reads 'distrito / concelho / freguesia'. */
export function isPickedPlace(value: string): boolean {
  return value.split(' / ').filter((part) => part.trim() !== '').length >= 3;
}

// A blank place would stop zod before the cross-field rules (mode, numbers, ficha, unit) run.
const FILLER = { [PLACE]: '-' };

function errorsOf(schema: Schema, form: FlowForm<PredialFlow>, fields: readonly Field[]): FieldErrors {
  const errors: FieldErrors = stepErrors(schema, form, fields, FILLER);
  if (fields.includes(PLACE) && !errors[PLACE] && !isPickedPlace(form.distrito_concelho_freguesia))
    errors[PLACE] = 'invalid_option';
  return errors;
}

/**
 * The plan of a Portuguese wizard: each step's errors are the domain schema's
 * for the fields it asks (`stepFields`), the place must be picked from the list,
 * and the confirmation checks the whole form. `applies` says which steps the
 * answers call for (its branches: the rural/urban question, the unit), and
 * `decidedBy` which step's answer decides each branch (for 'Paso n de N').
 */
export function predialPlan<F extends PredialFlow>(
  flow: F,
  schema: Schema,
  stepFields: Readonly<Record<string, readonly Field[]>>,
  applies: NonNullable<FixedPlanRules<F>['applies']>,
  decidedBy: FixedPlanRules<F>['decidedBy'] = {},
): FixedPlan<F> {
  return fixedPlan(flow, {
    applies,
    decidedBy,
    errors: (step, form) => {
      if (step !== 'confirmation') return errorsOf(schema, form, stepFields[step] ?? []);
      const all: FieldErrors = stepErrors(schema, form, Object.values(stepFields).flat());
      return { ...all, ...errorsOf(schema, form, [PLACE]) };
    },
  });
}
