import { RequesterFields } from '../../../shared/forms/requester-fields.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step6: the legitimate interest the registries require for a search of someone's properties. */
export function Step6Interest() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step6');
  return (
    <QpStepFrame step={step} title={t('qp.step6.title')}>
      <RequesterFields part="interest" value={step.form} onChange={step.update} errors={step.errors} />
    </QpStepFrame>
  );
}
