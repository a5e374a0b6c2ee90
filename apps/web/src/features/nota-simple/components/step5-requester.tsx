import { RequesterFields, useRequesterCheck } from '../../../shared/forms/requester-fields.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { isUrgent, NS_PROGRESS, NS_TOTAL_STEPS, stepBeforeRequester } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step5: who asks for the information and why (the registries' legitimate-interest rule). */
export function Step5Requester() {
  const t = useT();
  const { form, update, markStep } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const requester = useRequesterCheck(form);

  const next = () => {
    if (!requester.check()) return;
    markStep('step5');
    go('step6');
  };

  return (
    <StepLayout
      title={t('ns.step5.title')}
      current={NS_PROGRESS.step5}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go(stepBeforeRequester(form))}
      onNext={next}
    >
      <p className={styles.lead}>{t('requester.intro')}</p>
      <RequesterFields value={form} onChange={update} errors={requester.errors} />
    </StepLayout>
  );
}
