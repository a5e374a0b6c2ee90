import { PRODUCT_IDS } from '@shop/domain';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { FixedPriceBreakdown } from '../../../shared/product-options/fixed-price-breakdown.tsx';
import { Autocomplete } from '../../../shared/ui/autocomplete.tsx';
import { searchFreguesias } from '../../../shared/ui/autocomplete-search.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/ipredial-messages.ts';
import { ipredialPlan } from '../utils/ipredial-plan.ts';
import styles from './ipredial.module.css';

// The simplified report is issued for the current (CAOP 2025) freguesias only: type=ips.
const searchCurrent = searchFreguesias('ips');

/**
 * step1: what the report is and its all-in price (quiere_un_predial), then the
 * first question: the freguesia (distrito_concelho_freguesia).
 */
export function LocationStep() {
  const t = useT();
  const step = usePlanStep(ipredialPlan, 'step1');
  return (
    <StepLayout
      title={t('ipredial.introTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next({ quiere_un_predial: true })}
    >
      <section className={styles.intro} aria-label={t('ipredial.name')}>
        <p className={styles.lead}>{t('ipredial.introLead')}</p>
        <FixedPriceBreakdown
          productId={PRODUCT_IDS.informacaoPredial}
          headline={(price) => t('ipredial.introPrice', { price })}
        />
      </section>
      <Autocomplete
        id="distrito_concelho_freguesia"
        name="distrito_concelho_freguesia"
        label={t('predial.locationTitle')}
        hint={t('predial.locationHint')}
        value={step.form.distrito_concelho_freguesia}
        onSelect={(hit) => step.update({ distrito_concelho_freguesia: hit.value })}
        search={searchCurrent}
        error={fieldMessage(t, step.errors, 'distrito_concelho_freguesia')}
        required
      />
    </StepLayout>
  );
}
