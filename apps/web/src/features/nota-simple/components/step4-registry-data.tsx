import { NotaSimpleFormSchema } from '@shop/domain';
import { useState } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextArea } from '../../../shared/forms/text-area.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { withStepFlag } from '../../../shared/wizard/flow-forms.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { setFlowForm } from '../../../shared/wizard/flow-store.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { useRegistryInfo } from '../hooks/use-registry-info.ts';
import {
  isUrgent,
  NS_PROGRESS,
  NS_TOTAL_STEPS,
  stepAfterRegistryData,
  withBranchesFor,
} from '../utils/ns-steps.ts';
import { NS_FILLER } from '../utils/ns-validation.ts';
import { NsPrice } from './ns-price.tsx';

/** step4: other land-registry data, optional; then the registry decides the branch (41 slow, 42 urgent). */
export function Step4RegistryData() {
  const t = useT();
  const { form, update } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const registry = useRegistryInfo(form.municipio, form.provincia);
  const [errors, setErrors] = useState<FieldErrors<'otros_datos'>>({});

  const next = () => {
    if (registry.status !== 'ready') return;
    const found = stepErrors(NotaSimpleFormSchema, form, ['otros_datos'], NS_FILLER);
    setErrors(found);
    if (hasErrors(found)) return;
    setFlowForm('nota-simple', withStepFlag('nota-simple', withBranchesFor(form, registry), 'step4', true));
    go(stepAfterRegistryData(registry));
  };

  return (
    <StepLayout
      title={t('ns.step4.title')}
      current={NS_PROGRESS.step4}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go('step3')}
      onNext={next}
      busy={registry.status !== 'ready'}
    >
      <TextArea
        label={t('ns.step4.otrosDatos')}
        hint={t('ns.step4.otrosDatosHint')}
        name="otros_datos"
        value={form.otros_datos}
        onChange={(event) => update({ otros_datos: event.target.value })}
        error={errorText(t, errors.otros_datos)}
      />
    </StepLayout>
  );
}
