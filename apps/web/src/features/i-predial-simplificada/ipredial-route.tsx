import { QueryClientProvider } from '@tanstack/react-query';
import type { RouteComponentProps } from 'wouter';
import { HorizontalStep, UnitStep } from '../../shared/predial/horizontal-property-steps.tsx';
import { promiseQueryClient } from '../../shared/ui/use-delivery-promise.ts';
import { FlowRoute } from '../../shared/wizard/flow-route.tsx';
import { ConfirmationStep } from './components/confirmation-step.tsx';
import { FichaStep } from './components/ficha-step.tsx';
import { LocationStep } from './components/location-step.tsx';
import { UrgencyStep } from './components/urgency-step.tsx';
import { ipredialPlan } from './utils/ipredial-plan.ts';

const STEPS = {
  step1: LocationStep,
  step2: () => <HorizontalStep plan={ipredialPlan} step="step2" />,
  step21: () => <UnitStep plan={ipredialPlan} step="step21" />,
  step3: FichaStep,
  step4: UrgencyStep,
  confirmation: ConfirmationStep,
};

/**
 * The Informação Predial Simplificada wizard (lazy route module):
 * /i-predial-simplificada/{step}. Portuguese stores only; a step whose earlier
 * steps are not valid sends the visitor to the first invalid one, query kept.
 */
export default function IPredialSimplificadaRoute({ params }: RouteComponentProps<{ step?: string }>) {
  return (
    <QueryClientProvider client={promiseQueryClient}>
      <FlowRoute plan={ipredialPlan} step={params.step} steps={STEPS} />
    </QueryClientProvider>
  );
}
