import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step3: the person's DNI / NIE (required, checked), or the company's CIF (optional, checked when given). */
export function Step3Id() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step3');
  const company = step.form.opcion_empresa;
  return (
    <QpStepFrame step={step} title={t(company ? 'qp.step3.titleCompany' : 'qp.step3.titlePerson')}>
      <TextField
        label={t(company ? 'qp.step3.cif' : 'qp.step3.dni')}
        hint={t(company ? 'qp.step3.cifHint' : 'qp.step3.dniHint')}
        optionalText={company ? t('forms.optional') : undefined}
        name="dni"
        autoComplete="off"
        value={step.form.dni}
        onChange={(event) => step.update({ dni: event.target.value.toUpperCase() })}
        error={errorText(t, step.errors.dni)}
        required={!company}
      />
    </QpStepFrame>
  );
}
