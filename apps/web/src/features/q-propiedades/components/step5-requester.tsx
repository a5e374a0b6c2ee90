import { RequesterFields, useRequesterCheck } from '../../../shared/forms/requester-fields.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import styles from './q-propiedades.module.css';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step5: who asks for the search (name and a valid NIF / NIE / CIF). */
export function Step5Requester() {
  const t = useT();
  const { form, update } = useFlowForm('q-propiedades');
  const requester = useRequesterCheck(form, 'identity');
  return (
    <QpStepFrame step="step5" title={t('qp.step5.title')} validate={requester.check}>
      <p className={styles.lead}>{t('requester.intro')}</p>
      <RequesterFields part="identity" value={form} onChange={update} errors={requester.errors} />
    </QpStepFrame>
  );
}
