import type { MunicipalityHit } from '@shop/domain';
import { useState } from 'react';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../shared/ui/autocomplete.tsx';
import { searchMunicipalities } from '../../../shared/ui/autocomplete-search.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { rememberMunicipality } from '../hooks/use-registry-info.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

/** step3: the municipality (INE list, registros.php) and its province, filled from the pick and editable. */
export function Step3Municipality() {
  const t = useT();
  const step = usePlanStep(nsPlan, 'step3');
  const { form, update, errors } = step;
  const [helpOpen, setHelpOpen] = useState(false);

  return (
    <StepLayout
      title={t('ns.step3.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={step.back}
      onNext={() => step.next()}
    >
      <Autocomplete<MunicipalityHit>
        label={t('ns.step3.municipio')}
        hint={t('ns.step3.municipioHint')}
        name="municipio"
        value={form.municipio}
        search={searchMunicipalities}
        allowFreeText
        onChange={(text) => update({ municipio: text })}
        onSelect={(hit) => {
          rememberMunicipality(hit);
          update({ municipio: hit.name, provincia: hit.province });
        }}
        error={errorText(t, errors.municipio)}
        required
      />
      <TextField
        label={t('ns.step3.provincia')}
        name="provincia"
        value={form.provincia}
        onChange={(event) => update({ provincia: event.target.value })}
        error={errorText(t, errors.provincia)}
        required
      />
      <Button variant="text" className={styles.helpButton} onClick={() => setHelpOpen(true)}>
        {t('ns.step3.help')}
      </Button>
      <Dialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t('ns.step3.helpTitle')}
        closeLabel={t('common.close')}
        width={500}
      >
        <p>{t('ns.step3.helpSearch')}</p>
        <p>{t('ns.step3.helpPlace')}</p>
        <p>{t('ns.step3.helpProvince')}</p>
        <Button onClick={() => setHelpOpen(false)}>{t('common.ok')}</Button>
      </Dialog>
    </StepLayout>
  );
}
