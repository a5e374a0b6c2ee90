import { NotaSimpleFormSchema } from '@shop/domain';
import { useState } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { isUrgent, NS_PROGRESS, NS_TOTAL_STEPS } from '../utils/ns-steps.ts';
import { NS_FILLER } from '../utils/ns-validation.ts';
import { NsPrice } from './ns-price.tsx';

/** step2: the property's address (direccion). */
export function Step2Address() {
  const t = useT();
  const { form, update, markStep } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const [errors, setErrors] = useState<FieldErrors<'direccion'>>({});

  const next = () => {
    const found = stepErrors(NotaSimpleFormSchema, form, ['direccion'], NS_FILLER);
    setErrors(found);
    if (hasErrors(found)) return;
    markStep('step2');
    go('step3');
  };

  return (
    <StepLayout
      title={t('ns.step2.title')}
      current={NS_PROGRESS.step2}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go('step1')}
      onNext={next}
    >
      <TextField
        label={t('ns.step2.direccion')}
        hint={t('ns.step2.direccionHint')}
        name="direccion"
        autoComplete="street-address"
        value={form.direccion}
        onChange={(event) => update({ direccion: event.target.value })}
        error={errorText(t, errors.direccion)}
        required
      />
    </StepLayout>
  );
}
