import { useState } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/certidao-messages.ts';
import { certidaoPlan, FLOW } from '../utils/certidao-plan.ts';
import { type YesNo, YesNoQuestion } from './yes-no.tsx';

/** step6: is the property in horizontal property (prop_horizontal)? 'Não' clears the unit. */
export function HorizontalStep() {
  const t = useT();
  const [answered, setAnswered] = useState(false);
  const { form } = useFlowForm(FLOW);
  const known = answered || form.step6;
  const step = usePlanStep(certidaoPlan, 'step6', known ? {} : { prop_horizontal: 'choose_one' });
  const value: YesNo | '' = known ? (step.form.prop_horizontal ? 'sim' : 'nao') : '';
  return (
    <StepLayout
      title={t('predial.horizontalTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <YesNoQuestion
        name="prop_horizontal"
        legend={t('predial.horizontalTitle')}
        hint={t('predial.horizontalHint')}
        value={value}
        onChange={(answer) => {
          setAnswered(true);
          step.update(
            answer === 'sim'
              ? { prop_horizontal: true }
              : { prop_horizontal: false, prop_horizontal_fracao: '' },
          );
        }}
        error={fieldMessage(t, step.errors, 'prop_horizontal')}
      />
    </StepLayout>
  );
}
