import { type CertificateMode, certificateMode, withCertificateMode } from '@shop/domain';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/certidao-messages.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';

/**
 * step3: 'Como deseja identificar o prédio?' Choosing a mode sets its flag and
 * clears the other modes' fields at once (spec 4 "Identification mode").
 */
export function ModeStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step3');
  const options = [
    { value: 'matricial', label: t('certidao.modeMatricial'), description: t('certidao.modeMatricialHint') },
    { value: 'ficha', label: t('certidao.modeFicha'), description: t('certidao.modeFichaHint') },
    { value: 'livro', label: t('certidao.modeLivro'), description: t('certidao.modeLivroHint') },
  ] as const;
  return (
    <StepLayout
      title={t('certidao.modeTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <RadioGroup<CertificateMode>
        id="forma_identificar"
        name="forma_identificar"
        legend={t('certidao.modeTitle')}
        options={options}
        value={certificateMode(step.form) ?? ''}
        onChange={(mode) => step.update(withCertificateMode(step.form, mode))}
        hint={t('certidao.modeChangeNote')}
        error={fieldMessage(t, step.errors, 'forma_identificar_matricial')}
        required
      />
    </StepLayout>
  );
}
