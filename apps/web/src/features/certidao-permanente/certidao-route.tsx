import type { RouteComponentProps } from 'wouter';
import { HorizontalStep, UnitStep } from '../../shared/predial/horizontal-property-steps.tsx';
import { FlowRoute } from '../../shared/wizard/flow-route.tsx';
import { ConfirmationStep } from './components/confirmation-step.tsx';
import { IntroStep } from './components/intro-step.tsx';
import { LocationStep } from './components/location-step.tsx';
import { ModeStep } from './components/mode-step.tsx';
import { NumbersStep } from './components/numbers-step.tsx';
import { SummaryStep } from './components/summary-step.tsx';
import { TypeStep } from './components/type-step.tsx';
import { certidaoPlan } from './utils/certidao-plan.ts';

const STEPS = {
  step1: IntroStep,
  step2: LocationStep,
  step3: ModeStep,
  step4: TypeStep,
  step5: NumbersStep,
  step6: () => <HorizontalStep plan={certidaoPlan} step="step6" />,
  step7: () => <UnitStep plan={certidaoPlan} step="step7" />,
  step8: SummaryStep,
  confirmation: ConfirmationStep,
};

/**
 * The Certidão Permanente wizard (lazy route module): /certidao-permanente/{step}.
 * Portuguese stores only; a step whose earlier steps are not valid sends the
 * visitor to the first invalid one, query string kept.
 */
export default function CertidaoPermanenteRoute({ params }: RouteComponentProps<{ step?: string }>) {
  return <FlowRoute plan={certidaoPlan} step={params.step} steps={STEPS} />;
}
