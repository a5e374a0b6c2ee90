import { formatEuros } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { useNotaSimpleProduct } from '../hooks/use-ns-product.ts';
import { useRegistryInfo } from '../hooks/use-registry-info.ts';
import { urgentExtra } from '../utils/ns-price.ts';
import { isUrgent, NS_PROGRESS, NS_TOTAL_STEPS } from '../utils/ns-steps.ts';
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
  const { form, update, markStep } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const registry = useRegistryInfo(form.municipio, form.provincia);
  const product = useNotaSimpleProduct();
  const hours = registry.status === 'ready' ? registry.deliveryHours : null;

  return (
    <StepLayout
      title={t('ns.step41.title')}
      current={NS_PROGRESS.step41}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go('step4')}
      onNext={() => {
        markStep('step41', true, {
          servicio_urgente_custom_hours: form.servicio_urgente_custom ? hours : null,
        });
        go('step5');
      }}
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
            label: t('ns.step41.custom', { price: formatEuros(urgentExtra(product), language) }),
            description: t('ns.step41.customHint'),
          },
        ]}
      />
    </StepLayout>
  );
}
