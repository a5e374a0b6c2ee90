import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';
import styles from './certidao.module.css';
import { CertidaoSummary } from './certidao-summary.tsx';

/** step8: the customer checks every answer, with a change link to each step. */
export function SummaryStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step8');
  return (
    <StepLayout
      title={t('certidao.summaryTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <p className={styles.lead}>{t('certidao.summaryLead')}</p>
      <CertidaoSummary form={step.form} goTo={step.goTo} />
    </StepLayout>
  );
}
