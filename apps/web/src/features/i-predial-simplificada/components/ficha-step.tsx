import { useState } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { type YesNo, YesNoQuestion } from '../../../shared/forms/yes-no.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/flow-store.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/ipredial-messages.ts';
import { FLOW, ipredialPlan } from '../utils/ipredial-plan.ts';

/** step3: does the customer know the description number (tiene_numero)? If so, the number in ficha (num_ficha). */
export function FichaStep() {
  const t = useT();
  const [answered, setAnswered] = useState(false);
  const form = useFlowForm(FLOW);
  const known = answered || form.step3 || form.tiene_numero;
  const step = usePlanStep(ipredialPlan, 'step3', known ? {} : { tiene_numero: 'choose_one' });
  const value: YesNo | '' = known ? (step.form.tiene_numero ? 'sim' : 'nao') : '';
  return (
    <StepLayout
      title={t('ipredial.fichaTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <YesNoQuestion
        name="tiene_numero"
        legend={t('ipredial.fichaTitle')}
        hint={t('ipredial.fichaHint')}
        value={value}
        onChange={(answer) => {
          setAnswered(true);
          step.update(answer === 'sim' ? { tiene_numero: true } : { tiene_numero: false, num_ficha: '' });
        }}
        error={fieldMessage(t, step.errors, 'tiene_numero')}
      />
      {step.form.tiene_numero ? (
        <TextField
          id="num_ficha"
          name="num_ficha"
          label={t('predial.fichaLabel')}
          hint={t('predial.fichaHint')}
          autoComplete="off"
          maxLength={30}
          value={step.form.num_ficha}
          onChange={(event) => step.update({ num_ficha: event.target.value })}
          error={fieldMessage(t, step.errors, 'num_ficha')}
          required
        />
      ) : null}
    </StepLayout>
  );
}
