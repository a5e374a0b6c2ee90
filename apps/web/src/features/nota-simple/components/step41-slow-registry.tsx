import { formatEuros, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { useRegistryInfo } from '../hooks/use-registry-info.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import styles from './nota-simple.module.css';
import { NsPrice } from './ns-price.tsx';

type Choice = 'standard' | 'custom';

/**
 * step41: the municipality is served by a slow registry (spec 5): delivery may take
 * longer. The customer may ask for our urgent handling with that registry
 * (servicio_urgente_custom, priced as the urgent service), with the registry's hours.
 */
export function Step41SlowRegistry() {
  const t = useT();
  const { language } = useConfig();
  const step = usePlanStep(nsPlan, 'step41');
  const { form, update } = step;
  const registry = useRegistryInfo(form.municipio, form.provincia);
  const price = useFixedPrice(PRODUCT_IDS.notaSimple);
  const extra = price ? formatEuros(price.urgentExtra, language) : '';
  const hours = registry.status === 'ready' ? registry.deliveryHours : null;

  return (
    <StepLayout
      title={t('ns.step41.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={step.back}
      onNext={() => step.next({ servicio_urgente_custom_hours: form.servicio_urgente_custom ? hours : null })}
    >
      <p role="note" className={styles.notice}>
        {t('ns.step41.warning', { municipio: form.municipio })}
        {hours !== null ? ` ${t('ns.step41.hours', { hours })}` : ''}
      </p>
      <RadioGroup<Choice>
        legend={t('ns.step41.question')}
        name="servicio_urgente_custom"
        value={form.servicio_urgente_custom ? 'custom' : 'standard'}
        onChange={(value) => update({ servicio_urgente_custom: value === 'custom' })}
        options={[
          { value: 'standard', label: t('ns.step41.standard') },
          {
            value: 'custom',
            label: t('ns.step41.custom', { price: extra }),
            description: t('ns.step41.customHint'),
          },
        ]}
      />
    </StepLayout>
  );
}
