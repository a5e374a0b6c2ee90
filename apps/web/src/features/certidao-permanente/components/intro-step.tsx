import { defaultVatRateBp, formatEuros, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import { FeeBreakdown } from '../../../shared/ui/fee-breakdown.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';
import styles from './certidao.module.css';

/** step1: what the certificate is and its all-in price, before any question (quiere_un_certidao). */
export function IntroStep() {
  const t = useT();
  const { store_id, language } = useConfig();
  const step = usePlanStep(certidaoPlan, 'step1');
  const price = useFixedPrice(PRODUCT_IDS.certidaoPermanente);
  return (
    <StepLayout
      title={t('certidao.introTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next({ quiere_un_certidao: true })}
      nextLabel={t('certidao.start')}
    >
      <p className={styles.lead}>{t('certidao.introLead')}</p>
      {price ? (
        <>
          <p className={styles.price}>
            {t('certidao.introPrice', { price: formatEuros(price.total, language) })}
          </p>
          <FeeBreakdown
            total={price.total}
            officialFee={price.officialFee}
            vatRateBp={defaultVatRateBp(store_id)}
          />
        </>
      ) : null}
    </StepLayout>
  );
}
