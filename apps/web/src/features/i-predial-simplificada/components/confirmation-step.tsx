import { PRODUCT_IDS } from '@shop/domain';
import { useLocation } from 'wouter';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { FixedPriceBreakdown } from '../../../shared/product-options/fixed-price-breakdown.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { ipredialPlan } from '../utils/ipredial-plan.ts';
import styles from './ipredial.module.css';
import { IpredialSummary } from './ipredial-summary.tsx';

/**
 * confirmation (flag step5): the answers and the all-in price (urgent included);
 * 'Adicionar à encomenda' records it and goes to cart/add/ipredial, which posts
 * addipredial with the saved form.
 */
export function ConfirmationStep() {
  const t = useT();
  const [, navigate] = useLocation();
  const step = usePlanStep(ipredialPlan, 'confirmation');
  return (
    <StepLayout
      title={t('ipredial.confirmationTitle')}
      onNext={() => {
        if (step.submit()) navigate(withSearch(paths.cartAdd('ipredial'), window.location.search));
      }}
      onBack={step.back}
      nextLabel={t('predial.addToCart')}
    >
      <p className={styles.lead}>{t('ipredial.confirmationLead')}</p>
      <IpredialSummary form={step.form} goTo={step.goTo} />
      <FixedPriceBreakdown productId={PRODUCT_IDS.informacaoPredial} urgent={step.form.urgente} />
    </StepLayout>
  );
}
