import { PRODUCT_IDS } from '@shop/domain';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { FixedPriceBreakdown } from '../../../shared/product-options/fixed-price-breakdown.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';
import styles from './certidao.module.css';

/** step1: what the certificate is and its all-in price, before any question (quiere_un_certidao). */
export function IntroStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step1');
  return (
    <StepLayout
      title={t('certidao.introTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next({ quiere_un_certidao: true })}
      nextLabel={t('certidao.start')}
    >
      <p className={styles.lead}>{t('certidao.introLead')}</p>
      <FixedPriceBreakdown
        productId={PRODUCT_IDS.certidaoPermanente}
        headline={(price) => t('certidao.introPrice', { price })}
      />
    </StepLayout>
  );
}
