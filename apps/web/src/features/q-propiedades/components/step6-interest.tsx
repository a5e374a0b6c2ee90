import { useState } from 'react';
import {
  type RequesterField,
  RequesterFields,
  requesterErrors,
} from '../../../shared/forms/requester-fields.tsx';
import { type FieldErrors, hasErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step6: the legitimate interest the registries require for a search of someone's properties. */
export function Step6Interest() {
  const t = useT();
  const { form, update } = useFlowForm('q-propiedades');
  const [errors, setErrors] = useState<FieldErrors<RequesterField>>({});
  return (
    <QpStepFrame
      step="step6"
      title={t('qp.step6.title')}
      validate={() => {
        const found = requesterErrors(form, 'interest');
        setErrors(found);
        return !hasErrors(found);
      }}
    >
      <RequesterFields part="interest" value={form} onChange={update} errors={errors} />
    </QpStepFrame>
  );
}
