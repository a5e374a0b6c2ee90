import { useState } from 'react';
import { StepLayout } from '../forms/step-layout.tsx';
import { TextField } from '../forms/text-field.tsx';
import { type YesNo, YesNoQuestion } from '../forms/yes-no.tsx';
import { useT } from '../i18n/use-t.ts';
import type { FlowForm } from '../wizard/flow-forms.ts';
import { useFlowForm } from '../wizard/flow-store.ts';
import type { FixedPlan } from '../wizard/step-plan.ts';
import { type PlanStepApi, usePlanStep } from '../wizard/use-plan-step.ts';
import { fieldMessages, PREDIAL_MESSAGES } from './predial-messages.ts';
import type { PredialFlow } from './predial-plan.ts';

const fieldMessage = fieldMessages(PREDIAL_MESSAGES);

/** What these steps use of a plan step (usePlanStep) of either form. */
interface HorizontalFieldsStep
  extends Pick<PlanStepApi<PredialFlow>, 'errors' | 'back' | 'position' | 'total'> {
  form: Pick<FlowForm<PredialFlow>, 'prop_horizontal' | 'prop_horizontal_fracao'>;
  // Method syntax: a patch of these two fields fits either form.
  update(patch: { prop_horizontal?: boolean; prop_horizontal_fracao?: string }): void;
  next(): boolean;
}

interface HorizontalStepProps<F extends PredialFlow> {
  plan: FixedPlan<F>;
  /** The route step, e.g. 'step6'. */
  step: string;
}

/**
 * Is the property in horizontal property (prop_horizontal)? Sim / Não, nothing
 * chosen until answered (or recorded before); 'Não' clears the unit.
 */
export function HorizontalStep<F extends PredialFlow>({ plan, step: stepId }: HorizontalStepProps<F>) {
  const t = useT();
  const [answered, setAnswered] = useState(false);
  const form = useFlowForm(plan.flow);
  const known = answered || plan.isRecorded(stepId, form);
  const step: HorizontalFieldsStep = usePlanStep(
    plan,
    stepId,
    known ? {} : { prop_horizontal: 'choose_one' },
  );
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

/** The unit of a property in horizontal property (prop_horizontal_fracao). */
export function UnitStep<F extends PredialFlow>({ plan, step: stepId }: HorizontalStepProps<F>) {
  const t = useT();
  const step: HorizontalFieldsStep = usePlanStep(plan, stepId);
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
