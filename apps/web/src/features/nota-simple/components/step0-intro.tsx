import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step0: what the customer gets and the all-in price, before any question. */
export function Step0Intro() {
  const t = useT();
  const { form, validated, markStep, reset } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  return (
    <StepLayout
      title={t('ns.step0.title')}
      nextLabel={t('ns.step0.start')}
      price={<NsPrice urgent={isUrgent(form)} detailed />}
      onNext={() => {
        markStep('step0', true, { quiere_una_ns: true });
        go('step1');
      }}
    >
      <p className={styles.lead}>{t('ns.step0.intro')}</p>
      <ul className={styles.list}>
        <li>{t('ns.step0.point1')}</li>
        <li>{t('ns.step0.point2')}</li>
        <li>{t('ns.step0.point3')}</li>
      </ul>
      {validated.size > 1 ? (
        <Button variant="text" onClick={reset}>
          {t('ns.step0.startOver')}
        </Button>
      ) : null}
    </StepLayout>
  );
}
