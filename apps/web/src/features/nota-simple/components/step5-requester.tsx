import { RequesterFields } from '../../../shared/forms/requester-fields.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step5: who asks for the information and why (the registries' legitimate-interest rule). */
export function Step5Requester() {
  const t = useT();
  const step = usePlanStep(nsPlan, 'step5');
  return (
    <StepLayout
      title={t('ns.step5.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(step.form)} />}
      onBack={step.back}
      onNext={() => step.next()}
    >
      <p className={styles.lead}>{t('requester.intro')}</p>
      <RequesterFields value={step.form} onChange={step.update} errors={step.errors} />
    </StepLayout>
  );
}
