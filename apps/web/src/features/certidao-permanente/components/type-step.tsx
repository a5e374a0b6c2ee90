import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/certidao-messages.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';

type PropertyType = 'rustica' | 'urbana';

/** step4 (matricial only): rústico or urbano (tipo_rustica / tipo_urbana). */
export function TypeStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step4');
  const { tipo_rustica, tipo_urbana } = step.form;
  const value: PropertyType | '' =
    tipo_rustica && !tipo_urbana ? 'rustica' : tipo_urbana && !tipo_rustica ? 'urbana' : '';
  return (
    <StepLayout
      title={t('certidao.typeTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <RadioGroup<PropertyType>
        id="tipo"
        name="tipo"
        legend={t('certidao.typeTitle')}
        options={[
          { value: 'urbana', label: t('certidao.urbana') },
          { value: 'rustica', label: t('certidao.rustica') },
        ]}
        value={value}
        onChange={(type) => step.update({ tipo_rustica: type === 'rustica', tipo_urbana: type === 'urbana' })}
        error={fieldMessage(t, step.errors, 'tipo_rustica')}
        required
      />
    </StepLayout>
  );
}
