import { PRODUCT_IDS } from '@shop/domain';
import { useLocation } from 'wouter';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { FixedPriceBreakdown } from '../../../shared/product-options/fixed-price-breakdown.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';
import styles from './certidao.module.css';
import { CertidaoSummary } from './certidao-summary.tsx';

/**
 * confirmation: the property and the all-in price; 'Adicionar à encomenda' goes to
 * cart/add/certidao, which posts addcertidao with the saved form.
 */
export function ConfirmationStep() {
  const t = useT();
  const [, navigate] = useLocation();
  const step = usePlanStep(certidaoPlan, 'confirmation');
  return (
    <StepLayout
      title={t('certidao.confirmationTitle')}
      onNext={() => navigate(withSearch(paths.cartAdd('certidao'), window.location.search))}
      onBack={step.back}
      nextLabel={t('predial.addToCart')}
    >
      <p className={styles.lead}>{t('certidao.confirmationLead')}</p>
      <CertidaoSummary form={step.form} goTo={step.goTo} />
      <FixedPriceBreakdown productId={PRODUCT_IDS.certidaoPermanente} />
    </StepLayout>
  );
}
