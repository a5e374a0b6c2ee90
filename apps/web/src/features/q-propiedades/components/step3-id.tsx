import { PropertiesSearchFormSchema } from '@shop/domain';
import { useState } from 'react';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { QP_FILLER } from '../utils/qp-steps.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step3: the person's DNI / NIE (required, checked), or the company's CIF (optional, checked when given). */
export function Step3Id() {
  const t = useT();
  const { form, update } = useFlowForm('q-propiedades');
  const [errors, setErrors] = useState<FieldErrors<'dni'>>({});
  const company = form.opcion_empresa;

  const validate = () => {
    const found = stepErrors(PropertiesSearchFormSchema, form, ['dni'], QP_FILLER);
    setErrors(found);
    return !hasErrors(found);
  };

  return (
    <QpStepFrame
      step="step3"
      title={t(company ? 'qp.step3.titleCompany' : 'qp.step3.titlePerson')}
      validate={validate}
    >
      <TextField
        label={t(company ? 'qp.step3.cif' : 'qp.step3.dni')}
        hint={t(company ? 'qp.step3.cifHint' : 'qp.step3.dniHint')}
        optionalText={company ? t('forms.optional') : undefined}
        name="dni"
        autoComplete="off"
        value={form.dni}
        onChange={(event) => update({ dni: event.target.value.toUpperCase() })}
        error={errorText(t, errors.dni)}
        required={!company}
      />
    </QpStepFrame>
  );
}
