import { formatEuros, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import { useDeliveryPromise } from '../../../shared/ui/use-delivery-promise.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { isUrgent } from '../utils/ns-steps.ts';
import { NsPrice } from './ns-price.tsx';

type Choice = 'standard' | 'urgent';

/** step42: the urgent service (+9,90), offered when the registry delivers in under 4 hours (spec 9). */
export function Step42Urgent() {
  const t = useT();
  const { language, nsCopy } = useConfig();
  const step = usePlanStep(nsPlan, 'step42');
  const { form, update } = step;
  const price = useFixedPrice(PRODUCT_IDS.notaSimple);
  const extra = price ? formatEuros(price.urgentExtra, language) : '';
  // The registry's promise for the urgent service; the store's nsCopy where its hours are unknown.
  const promise = useDeliveryPromise(form.municipio, true);

  return (
    <StepLayout
      title={t('ns.step42.title')}
      current={step.position}
      total={step.total}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={step.back}
      onNext={() => step.next()}
    >
      <RadioGroup<Choice>
        legend={t('ns.step42.question')}
        name="servicio_urgente"
        value={form.servicio_urgente ? 'urgent' : 'standard'}
        onChange={(value) => update({ servicio_urgente: value === 'urgent' })}
        options={[
          { value: 'standard', label: t('ns.step42.standard') },
          {
            value: 'urgent',
            label: t('ns.step42.urgent', {
              copy: promise.text ?? nsCopy,
              price: extra,
            }),
          },
        ]}
      />
    </StepLayout>
  );
}
