import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../shared/ui/autocomplete.tsx';
import { searchFreguesias } from '../../../shared/ui/autocomplete-search.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/certidao-messages.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';

// The certificate may name a 2013 freguesia the 2025 map no longer has: type=all.
const searchAll = searchFreguesias('all');

/** step2: the freguesia, picked from freguesias.php?app=1&type=all (distrito_concelho_freguesia). */
export function LocationStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step2');
  return (
    <StepLayout
      title={t('predial.locationTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <Autocomplete
        id="distrito_concelho_freguesia"
        name="distrito_concelho_freguesia"
        label={t('predial.locationLabel')}
        hint={t('predial.locationHint')}
        value={step.form.distrito_concelho_freguesia}
        onSelect={(hit) => step.update({ distrito_concelho_freguesia: hit.value })}
        search={searchAll}
        error={fieldMessage(t, step.errors, 'distrito_concelho_freguesia')}
        required
      />
    </StepLayout>
  );
}
