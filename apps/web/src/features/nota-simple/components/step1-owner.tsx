import { useState } from 'react';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/flow-store.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import { NsPrice } from './ns-price.tsx';

type Answer = 'yes' | 'no';

/** step1: does the customer know the owner, and the owner's name (an unknown owner is allowed). */
export function Step1Owner() {
  const t = useT();
  const form = useFlowForm('nota-simple');
  const [picked, setPicked] = useState<Answer | ''>('');
  // What was answered before (the form, the recorded step) counts as an answer.
  const answer: Answer | '' =
    picked || (form.conoce_nombre_propietario ? 'yes' : nsPlan.isRecorded('step1', form) ? 'no' : '');
  const step = usePlanStep(nsPlan, 'step1', answer ? {} : { conoce_nombre_propietario: 'choose_one' });

  return (
    <StepLayout
      title={t('ns.step1.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(step.form)} />}
      onBack={step.back}
      onNext={() => step.next()}
    >
      <RadioGroup<Answer>
        legend={t('ns.step1.question')}
        name="conoce_nombre_propietario"
        value={answer}
        onChange={(value) => {
          setPicked(value);
          step.update(
            value === 'yes'
              ? { conoce_nombre_propietario: true }
              : { conoce_nombre_propietario: false, nombre: '' },
          );
        }}
        options={[
          { value: 'yes', label: t('ns.step1.yes') },
          { value: 'no', label: t('ns.step1.no'), description: t('ns.step1.noHint') },
        ]}
        error={errorText(t, step.errors.conoce_nombre_propietario)}
        required
      />
      {answer === 'yes' ? (
        <TextField
          label={t('ns.step1.nombre')}
          hint={t('ns.step1.nombreHint')}
          name="nombre"
          autoComplete="off"
          value={step.form.nombre}
          onChange={(event) => step.update({ nombre: event.target.value })}
          error={errorText(t, step.errors.nombre)}
          required
        />
      ) : null}
    </StepLayout>
  );
}
