import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import { NsPrice } from './ns-price.tsx';

/** step2: the property's address (direccion). */
export function Step2Address() {
  const t = useT();
  const step = usePlanStep(nsPlan, 'step2');
  return (
    <StepLayout
      title={t('ns.step2.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(step.form)} />}
      onBack={step.back}
      onNext={() => step.next()}
    >
      <TextField
        label={t('ns.step2.direccion')}
        hint={t('ns.step2.direccionHint')}
        name="direccion"
        autoComplete="street-address"
        value={step.form.direccion}
        onChange={(event) => step.update({ direccion: event.target.value })}
        error={errorText(t, step.errors.direccion)}
        required
      />
    </StepLayout>
  );
}
