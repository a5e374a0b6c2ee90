import { type CertificateForm, CertificateFormSchema, certificateMode } from '@shop/domain';
import { type FieldErrors, stepErrors } from '../../../shared/forms/validation.ts';
import type { StepPlan } from '../../../shared/wizard/step-plan.ts';

export const FLOW = 'certidao-permanente' as const;

type Field = keyof CertificateForm;

/** The form fields each step asks (README.md "Steps"). */
export const STEP_FIELDS: Readonly<Record<string, readonly Field[]>> = {
  step1: [],
  step2: ['distrito_concelho_freguesia'],
  step3: ['forma_identificar_matricial'],
  step4: ['tipo_rustica'],
  step5: ['numero_artigo', 'seccao', 'num_ficha', 'num_livro', 'livro', 'folhas'],
  step6: [],
  step7: ['prop_horizontal_fracao'],
  step8: [],
  confirmation: [],
};

/** A place picked from the freguesia list reads 'distrito / concelho / freguesia'. */
export function isPickedPlace(value: string): boolean {
  return value.split(' / ').filter((part) => part.trim() !== '').length >= 3;
}

// A blank place would stop zod before the cross-field rules (mode, numbers) run.
const FILLER = { distrito_concelho_freguesia: '-' };

function errorsOf(step: string, form: CertificateForm): FieldErrors {
  const errors: FieldErrors = stepErrors(CertificateFormSchema, form, STEP_FIELDS[step] ?? [], FILLER);
  if (
    step === 'step2' &&
    !errors.distrito_concelho_freguesia &&
    !isPickedPlace(form.distrito_concelho_freguesia)
  )
    errors.distrito_concelho_freguesia = 'invalid_option';
  return errors;
}

/**
 * The certificate wizard: the rural/urban question (step4) only for a matricial
 * identification, the unit (step7) only for a property in horizontal property.
 * The confirmation checks the whole form.
 */
export const certidaoPlan: StepPlan<typeof FLOW> = {
  flow: FLOW,
  applies: (step, form) => {
    if (step === 'step4') return certificateMode(form) === 'matricial';
    if (step === 'step7') return form.prop_horizontal;
    return true;
  },
  errors: (step, form) => {
    if (step !== 'confirmation') return errorsOf(step, form);
    const all: FieldErrors = stepErrors(CertificateFormSchema, form, Object.values(STEP_FIELDS).flat());
    return { ...all, ...errorsOf('step2', form) };
  },
};
