import { RequesterFields } from '../../../shared/forms/requester-fields.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import styles from './q-propiedades.module.css';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step5: who asks for the search (name and a valid NIF / NIE / CIF). */
export function Step5Requester() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step5');
  return (
    <QpStepFrame step={step} title={t('qp.step5.title')}>
      <p className={styles.lead}>{t('requester.intro')}</p>
      <RequesterFields part="identity" value={step.form} onChange={step.update} errors={step.errors} />
    </QpStepFrame>
  );
}
