import { type CertificateForm, CertificateFormSchema, certificateMode } from '@shop/domain';
import { predialPlan } from '../../../shared/predial/predial-plan.ts';

export const FLOW = 'certidao-permanente' as const;

/** The form fields each step asks (README.md "Steps"). */
export const STEP_FIELDS: Readonly<Record<string, readonly (keyof CertificateForm)[]>> = {
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

/**
 * The certificate wizard: the rural/urban question (step4) only for a matricial
 * identification, the unit (step7) only for a property in horizontal property.
 * The confirmation checks the whole form.
 */
export const certidaoPlan = predialPlan(
  FLOW,
  CertificateFormSchema,
  STEP_FIELDS,
  (step, form) => {
    if (step === 'step4') return certificateMode(form) === 'matricial';
    if (step === 'step7') return form.prop_horizontal;
    return true;
  },
  // The identification mode (step3) decides step4, the horizontal property question (step6) step7.
  { step4: 'step3', step7: 'step6' },
);
