import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../shared/ui/autocomplete.tsx';
import { searchCompanies } from '../../../shared/ui/autocomplete-search.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step2: the person's full name, or the company's name (company search, free text allowed). */
export function Step2Name() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step2');
  const { form, update, errors } = step;
  return (
    <QpStepFrame
      step={step}
      title={t(form.opcion_empresa ? 'qp.step2.titleCompany' : 'qp.step2.titlePerson')}
    >
      {form.opcion_empresa ? (
        <Autocomplete
          label={t('qp.step2.empresa')}
          hint={t('qp.step2.empresaHint')}
          name="nombre_empresa"
          value={form.nombre_empresa}
          search={searchCompanies}
          allowFreeText
          onChange={(text) => update({ nombre_empresa: text })}
          onSelect={(hit) => update({ nombre_empresa: hit.value })}
          error={errorText(t, errors.nombre_empresa)}
          required
        />
      ) : (
        <TextField
          label={t('qp.step2.persona')}
          hint={t('qp.step2.personaHint')}
          name="nombre_persona"
          autoComplete="off"
          value={form.nombre_persona}
          onChange={(event) => update({ nombre_persona: event.target.value })}
          error={errorText(t, errors.nombre_persona)}
          required
        />
      )}
    </QpStepFrame>
  );
}
