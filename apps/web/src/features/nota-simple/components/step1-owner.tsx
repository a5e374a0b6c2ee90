import { NotaSimpleFormSchema } from '@shop/domain';
import { useState } from 'react';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { isUrgent, NS_PROGRESS, NS_TOTAL_STEPS } from '../utils/ns-steps.ts';
import { NS_FILLER } from '../utils/ns-validation.ts';
import { NsPrice } from './ns-price.tsx';

type Answer = 'yes' | 'no';
type Field = 'conoce_nombre_propietario' | 'nombre';

/** step1: does the customer know the owner, and the owner's name (an unknown owner is allowed). */
export function Step1Owner() {
  const t = useT();
  const { form, validated, update, markStep } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const [answer, setAnswer] = useState<Answer | ''>(
    form.conoce_nombre_propietario ? 'yes' : validated.has('step1') ? 'no' : '',
  );
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const next = () => {
    const found: FieldErrors<Field> = answer
      ? stepErrors(NotaSimpleFormSchema, form, ['nombre'], NS_FILLER)
      : { conoce_nombre_propietario: 'choose_one' };
    setErrors(found);
    if (hasErrors(found)) return;
    markStep('step1');
    go('step2');
  };

  return (
    <StepLayout
      title={t('ns.step1.title')}
      current={NS_PROGRESS.step1}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go('step0')}
      onNext={next}
    >
      <RadioGroup<Answer>
        legend={t('ns.step1.question')}
        name="conoce_nombre_propietario"
        value={answer}
        onChange={(value) => {
          setAnswer(value);
          setErrors({});
          update(
            value === 'yes'
              ? { conoce_nombre_propietario: true }
              : { conoce_nombre_propietario: false, nombre: '' },
          );
        }}
        options={[
          { value: 'yes', label: t('ns.step1.yes') },
          { value: 'no', label: t('ns.step1.no'), description: t('ns.step1.noHint') },
        ]}
        error={errorText(t, errors.conoce_nombre_propietario)}
        required
      />
      {answer === 'yes' ? (
        <TextField
          label={t('ns.step1.nombre')}
          hint={t('ns.step1.nombreHint')}
          name="nombre"
          autoComplete="off"
          value={form.nombre}
          onChange={(event) => update({ nombre: event.target.value })}
          error={errorText(t, errors.nombre)}
          required
        />
      ) : null}
    </StepLayout>
  );
}
