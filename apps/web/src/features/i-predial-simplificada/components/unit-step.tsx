import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/ipredial-messages.ts';
import { ipredialPlan } from '../utils/ipredial-plan.ts';

/** step21 (horizontal property only): the unit (prop_horizontal_fracao). */
export function UnitStep() {
  const t = useT();
  const step = usePlanStep(ipredialPlan, 'step21');
  return (
    <StepLayout
      title={t('predial.unitTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <TextField
        id="prop_horizontal_fracao"
        name="prop_horizontal_fracao"
        label={t('predial.unitLabel')}
        hint={t('predial.unitHint')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={30}
        value={step.form.prop_horizontal_fracao}
        onChange={(event) => step.update({ prop_horizontal_fracao: event.target.value })}
        error={fieldMessage(t, step.errors, 'prop_horizontal_fracao')}
        required
      />
    </StepLayout>
  );
}
