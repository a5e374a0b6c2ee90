import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step0: what the customer gets and the all-in price, before any question. */
export function Step0Intro() {
  const t = useT();
  const step = usePlanStep(nsPlan, 'step0');
  const started = nsPlan.isRecorded('step1', step.form);
  return (
    <StepLayout
      title={t('ns.step0.title')}
      nextLabel={t('ns.step0.start')}
      price={<NsPrice urgent={isUrgent(step.form)} detailed />}
      onNext={() => step.next({ quiere_una_ns: true })}
    >
      <p className={styles.lead}>{t('ns.step0.intro')}</p>
      <ul className={styles.list}>
        <li>{t('ns.step0.point1')}</li>
        <li>{t('ns.step0.point2')}</li>
        <li>{t('ns.step0.point3')}</li>
      </ul>
      {started ? (
        <Button variant="text" onClick={step.reset}>
          {t('ns.step0.startOver')}
        </Button>
      ) : null}
    </StepLayout>
  );
}
