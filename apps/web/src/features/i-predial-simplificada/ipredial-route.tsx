import type { ComponentType } from 'react';
import { Redirect, type RouteComponentProps } from 'wouter';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../shared/paths.ts';
import { PlanGuard } from '../../shared/wizard/plan-guard.tsx';
import { StepGuard } from '../../shared/wizard/step-guard.tsx';
import { ConfirmationStep } from './components/confirmation-step.tsx';
import { FichaStep } from './components/ficha-step.tsx';
import { HorizontalStep } from './components/horizontal-step.tsx';
import { LocationStep } from './components/location-step.tsx';
import { UnitStep } from './components/unit-step.tsx';
import { UrgencyStep } from './components/urgency-step.tsx';
import { FLOW, ipredialPlan } from './utils/ipredial-plan.ts';

const STEPS: Readonly<Record<string, ComponentType>> = {
  step1: LocationStep,
  step2: HorizontalStep,
  step21: UnitStep,
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
  const t = useT();
  usePageTitle(t('ipredial.name'));
  const step = params.step ?? '';
  const Step = STEPS[step];
  if (!Step) {
    const target = step === '' ? paths.flowStep(FLOW, 'step1') : paths.services();
    return <Redirect to={withSearch(target, window.location.search)} replace />;
  }
  return (
    <StepGuard flow={FLOW} step={step}>
      <PlanGuard plan={ipredialPlan} step={step}>
        <Step key={step} />
      </PlanGuard>
    </StepGuard>
  );
}
