import { type PropertiesSearchForm, PropertiesSearchFormSchema } from '@shop/domain';
import { requesterErrors } from '../../../shared/forms/requester-fields.tsx';
import { stepErrors } from '../../../shared/forms/validation.ts';
import type { FlowForm } from '../../../shared/wizard/flow-forms.ts';
import { fixedPlan } from '../../../shared/wizard/step-plan.ts';

type Form = FlowForm<'q-propiedades'>;

/** The form fields each step asks (README.md); the name and id depend on the subject. */
function stepFields(step: string, form: Form): readonly (keyof PropertiesSearchForm)[] {
  switch (step) {
    case 'step1':
      return ['opcion_persona'];
    case 'step2':
      return [form.opcion_empresa ? 'nombre_empresa' : 'nombre_persona'];
    case 'step3':
      return ['dni'];
    case 'step4':
      return ['num_propiedades'];
    default:
      return [];
  }
}

/** Shape-valid stand-ins for later steps' fields while one step is checked (never saved). */
const FILLER = { num_propiedades: '1' } as const;

/**
 * The properties search wizard: seven steps, each asked; step5 the requester's
 * identity and step6 the legitimate interest (the shared requester rule), the
 * others the domain schema's errors of their fields.
 */
export const qpPlan = fixedPlan('q-propiedades', {
  errors: (step, form) => {
    if (step === 'step5') return requesterErrors(form, 'identity');
    if (step === 'step6') return requesterErrors(form, 'interest');
    return stepErrors(PropertiesSearchFormSchema, form, stepFields(step, form), FILLER);
  },
});
