import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextArea } from '../../../shared/forms/text-area.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { useRegistryInfo } from '../hooks/use-registry-info.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent, stepAfterRegistryData, withBranchesFor } from '../utils/ns-steps.ts';
import { NsPrice } from './ns-price.tsx';

/** step4: other land-registry data, optional; then the registry decides the branch (41 slow, 42 urgent). */
export function Step4RegistryData() {
  const t = useT();
  const step = usePlanStep(nsPlan, 'step4');
  const registry = useRegistryInfo(step.form.municipio, step.form.provincia);

  return (
    <StepLayout
      title={t('ns.step4.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(step.form)} />}
      onBack={step.back}
      onNext={() => {
        if (registry.status !== 'ready') return;
        // The registry, not the form, decides the next step; the branch not taken is cleared.
        step.next(withBranchesFor(step.form, registry), stepAfterRegistryData(registry));
      }}
      busy={registry.status !== 'ready'}
    >
      <TextArea
        label={t('ns.step4.otrosDatos')}
        hint={t('ns.step4.otrosDatosHint')}
        name="otros_datos"
        value={step.form.otros_datos}
        onChange={(event) => step.update({ otros_datos: event.target.value })}
        error={errorText(t, step.errors.otros_datos)}
      />
    </StepLayout>
  );
}
