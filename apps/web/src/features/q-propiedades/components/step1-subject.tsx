import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { OfficialNotice } from '../../../shared/ui/official-notice.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

type Subject = 'persona' | 'empresa';

/** step1: a person (opcion_persona) or a company (opcion_empresa). */
export function Step1Subject() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step1');
  const { form } = step;
  const value: Subject | '' = form.opcion_persona ? 'persona' : form.opcion_empresa ? 'empresa' : '';
  return (
    <QpStepFrame step={step} title={t('qp.step1.title')}>
      <RadioGroup<Subject>
        legend={t('qp.step1.question')}
        name="opcion"
        value={value}
        onChange={(choice) => {
          // Switching clears the other subject's id: a DNI is not a CIF.
          if (choice !== value) {
            step.update({
              opcion_persona: choice === 'persona',
              opcion_empresa: choice === 'empresa',
              dni: '',
            });
          }
        }}
        options={[
          { value: 'persona', label: t('qp.step1.persona'), description: t('qp.step1.personaHint') },
          { value: 'empresa', label: t('qp.step1.empresa'), description: t('qp.step1.empresaHint') },
        ]}
        error={errorText(t, step.errors.opcion_persona)}
        required
      />
      <OfficialNotice />
    </QpStepFrame>
  );
}
