import { FLOW_BRANCH_STEPS, type NotaSimpleForm, NotaSimpleFormSchema } from '@shop/domain';
import { requesterErrors } from '../../../shared/forms/requester-fields.tsx';
import { stepErrors } from '../../../shared/forms/validation.ts';
import { fixedPlan } from '../../../shared/wizard/step-plan.ts';

/** The form fields each step asks (README.md); step5 asks the requester, step6 is the summary. */
const STEP_FIELDS: Readonly<Record<string, readonly (keyof NotaSimpleForm)[]>> = {
  step1: ['nombre'],
  step2: ['direccion'],
  step3: ['municipio', 'provincia'],
  step4: ['otros_datos'],
};

/**
 * Shape-valid stand-ins for the required fields of later steps, so the domain's
 * form schema reaches its cross-field rules while one step is checked
 * (shared/forms/validation.ts stepErrors). Never saved or sent.
 */
const FILLER = { direccion: '-', municipio: '-', provincia: '-' } as const;

/**
 * The Nota Simple wizard: the intro (step0) is never demanded (a link to step1,
 * like the header's, lands there), and the branches after step4 (step41 slow
 * registry, step42 urgent service) are entered only when the registry calls for
 * them (step4 chooses), so the guard never demands them either.
 */
export const nsPlan = fixedPlan('nota-simple', {
  optional: ['step0', ...FLOW_BRANCH_STEPS['nota-simple']],
  intro: 'step0',
  // step4's registry decides the branch: slow registry (41) or urgent service (42), one of them at most.
  decidedBy: { step41: 'step4', step42: 'step4' },
  oneOf: [['step41', 'step42']],
  errors: (step, form) =>
    step === 'step5'
      ? requesterErrors(form)
      : stepErrors(NotaSimpleFormSchema, form, STEP_FIELDS[step] ?? [], FILLER),
});
