import type { ReactNode } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import type { PlanStepApi } from '../../../shared/wizard/use-plan-step.ts';
import { QpPrice } from './qp-price.tsx';

export interface QpStepFrameProps {
  /** The step (usePlanStep with qpPlan). */
  step: PlanStepApi<'q-propiedades'>;
  title: string;
  /** What Next does; by default the plan's next step. */
  onNext?: () => void;
  nextLabel?: string;
  children: ReactNode;
}

/** One properties-search step: 'Paso X de 7', the live price, Back and Next. */
export function QpStepFrame({ step, title, onNext, nextLabel, children }: QpStepFrameProps) {
  return (
    <StepLayout
      title={title}
      current={step.position}
      total={step.total}
      price={
        <QpPrice
          count={step.form.num_propiedades}
          subject={step.form.opcion_empresa ? 'company' : 'person'}
        />
      }
      onBack={step.back}
      nextLabel={nextLabel}
      onNext={onNext ?? (() => step.next())}
    >
      {children}
    </StepLayout>
  );
}
