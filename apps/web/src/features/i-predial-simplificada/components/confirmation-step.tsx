import { defaultVatRateBp, informacaoPredialPrice, OFFICIAL_FEES } from '@shop/domain';
import { useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { FeeBreakdown } from '../../../shared/ui/fee-breakdown.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { FLOW, ipredialPlan } from '../utils/ipredial-plan.ts';
import styles from './ipredial.module.css';
import { IpredialSummary } from './ipredial-summary.tsx';

/**
 * confirmation (flag step5): the answers and the all-in price (urgent included);
 * 'Adicionar à encomenda' records it and goes to cart/add/ipredial, which posts
 * addipredial with the saved form.
 */
export function ConfirmationStep() {
  const t = useT();
  const { store_id } = useConfig();
  const [, navigate] = useLocation();
  const { markStep } = useFlowForm(FLOW);
  const step = usePlanStep(ipredialPlan, 'confirmation');
  return (
    <StepLayout
      title={t('ipredial.confirmationTitle')}
      onNext={() => {
        markStep('confirmation');
        navigate(withSearch(paths.cartAdd('ipredial'), window.location.search));
      }}
      onBack={step.back}
      nextLabel={t('predial.addToCart')}
    >
      <p className={styles.lead}>{t('ipredial.confirmationLead')}</p>
      <IpredialSummary form={step.form} goTo={step.goTo} />
      <FeeBreakdown
        total={informacaoPredialPrice(step.form.urgente)}
        officialFee={OFFICIAL_FEES.informacaoPredial}
        vatRateBp={defaultVatRateBp(store_id)}
      />
    </StepLayout>
  );
}
