import { useState } from 'react';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

type Subject = 'persona' | 'empresa';

/** step1: a person (opcion_persona) or a company (opcion_empresa). */
export function Step1Subject() {
  const t = useT();
  const { form, update } = useFlowForm('q-propiedades');
  const [error, setError] = useState(false);
  const value: Subject | '' = form.opcion_persona ? 'persona' : form.opcion_empresa ? 'empresa' : '';
  return (
    <QpStepFrame
      step="step1"
      title={t('qp.step1.title')}
      validate={() => {
        setError(value === '');
        return value !== '';
      }}
    >
      <RadioGroup<Subject>
        legend={t('qp.step1.question')}
        name="opcion"
        value={value}
        onChange={(choice) => {
          setError(false);
          // Switching clears the other subject's id: a DNI is not a CIF.
          if (choice !== value) {
            update({ opcion_persona: choice === 'persona', opcion_empresa: choice === 'empresa', dni: '' });
          }
        }}
        options={[
          { value: 'persona', label: t('qp.step1.persona'), description: t('qp.step1.personaHint') },
          { value: 'empresa', label: t('qp.step1.empresa'), description: t('qp.step1.empresaHint') },
        ]}
        error={error ? errorText(t, 'choose_one') : null}
        required
      />
    </QpStepFrame>
  );
}
