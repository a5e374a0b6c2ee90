import type { ReactNode } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { QP_TOTAL_STEPS, type QpStep, qpNeighbour, qpStepNumber } from '../utils/qp-steps.ts';
import { QpPrice } from './qp-price.tsx';

export interface QpStepFrameProps {
  step: QpStep;
  title: string;
  /** Checks the step's fields (showing their errors); true lets the visitor on. */
  validate: () => boolean;
  /** What Next does once valid; by default record the step and go to the next one. */
  onDone?: () => void;
  nextLabel?: string;
  children: ReactNode;
}

/** One properties-search step: 'Paso X de 7', the live price, Back and Next. */
export function QpStepFrame({ step, title, validate, onDone, nextLabel, children }: QpStepFrameProps) {
  const { form, markStep } = useFlowForm('q-propiedades');
  const go = useFlowNavigate('q-propiedades');
  const back = qpNeighbour(step, -1);
  return (
    <StepLayout
      title={title}
      current={qpStepNumber(step)}
      total={QP_TOTAL_STEPS}
      price={<QpPrice count={form.num_propiedades} />}
      onBack={back ? () => go(back) : undefined}
      nextLabel={nextLabel}
      onNext={() => {
        if (!validate()) return;
        if (onDone) return onDone();
        markStep(step);
        const next = qpNeighbour(step, 1);
        if (next) go(next);
      }}
    >
      {children}
    </StepLayout>
  );
}
