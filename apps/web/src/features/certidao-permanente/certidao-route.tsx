import type { ComponentType } from 'react';
import { Redirect, type RouteComponentProps } from 'wouter';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../shared/paths.ts';
import { PlanGuard } from '../../shared/wizard/plan-guard.tsx';
import { StepGuard } from '../../shared/wizard/step-guard.tsx';
import { ConfirmationStep } from './components/confirmation-step.tsx';
import { HorizontalStep } from './components/horizontal-step.tsx';
import { IntroStep } from './components/intro-step.tsx';
import { LocationStep } from './components/location-step.tsx';
import { ModeStep } from './components/mode-step.tsx';
import { NumbersStep } from './components/numbers-step.tsx';
import { SummaryStep } from './components/summary-step.tsx';
import { TypeStep } from './components/type-step.tsx';
import { UnitStep } from './components/unit-step.tsx';
import { certidaoPlan, FLOW } from './utils/certidao-plan.ts';

const STEPS: Readonly<Record<string, ComponentType>> = {
  step1: IntroStep,
  step2: LocationStep,
  step3: ModeStep,
  step4: TypeStep,
  step5: NumbersStep,
  step6: HorizontalStep,
  step7: UnitStep,
  step8: SummaryStep,
  confirmation: ConfirmationStep,
};

/**
 * The Certidão Permanente wizard (lazy route module): /certidao-permanente/{step}.
 * Portuguese stores only; a step whose earlier steps are not valid sends the
 * visitor to the first invalid one, query string kept.
 */
export default function CertidaoPermanenteRoute({ params }: RouteComponentProps<{ step?: string }>) {
  const t = useT();
  usePageTitle(t('certidao.name'));
  const step = params.step ?? '';
  const Step = STEPS[step];
  if (!Step) {
    const target = step === '' ? paths.flowStep(FLOW, 'step1') : paths.services();
    return <Redirect to={withSearch(target, window.location.search)} replace />;
  }
  return (
    <StepGuard flow={FLOW} step={step}>
      <PlanGuard plan={certidaoPlan} step={step}>
        <Step key={step} />
      </PlanGuard>
    </StepGuard>
  );
}
