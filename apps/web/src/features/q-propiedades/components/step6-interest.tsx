import { RequesterFields, useRequesterCheck } from '../../../shared/forms/requester-fields.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step6: the legitimate interest the registries require for a search of someone's properties. */
export function Step6Interest() {
  const t = useT();
  const { form, update } = useFlowForm('q-propiedades');
  const requester = useRequesterCheck(form, 'interest');
  return (
    <QpStepFrame step="step6" title={t('qp.step6.title')} validate={requester.check}>
      <RequesterFields part="interest" value={form} onChange={update} errors={requester.errors} />
    </QpStepFrame>
  );
}
