import { formatEuros, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import { useDeliveryPromise } from '../../../shared/ui/use-delivery-promise.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { ipredialPlan } from '../utils/ipredial-plan.ts';

type Delivery = 'normal' | 'urgente';

/**
 * step4: normal delivery or urgent (urgente, +5 €; option 1427 = 3909 on the
 * server), each with the conservatória's promise (ADR 034); where its hours
 * are unknown, 'Até 1 dia útil' and the store's nsCopy.
 */
export function UrgencyStep() {
  const t = useT();
  const { language, nsCopy } = useConfig();
  const step = usePlanStep(ipredialPlan, 'step4');
  const price = useFixedPrice(PRODUCT_IDS.informacaoPredial);
  const place = step.form.distrito_concelho_freguesia;
  const normalPromise = useDeliveryPromise(place, false);
  const urgentPromise = useDeliveryPromise(place, true);
  const euros = (cents: number | undefined) => (cents === undefined ? '' : formatEuros(cents, language));
  return (
    <StepLayout
      title={t('ipredial.urgentTitle')}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      <RadioGroup<Delivery>
        id="urgente"
        name="urgente"
        legend={t('ipredial.urgentTitle')}
        options={[
          {
            value: 'normal',
            label: t('ipredial.normal'),
            description:
              price &&
              t('ipredial.normalDescription', {
                copy: normalPromise.text ?? t('ipredial.normalCopy'),
                price: euros(price.total),
              }),
          },
          {
            value: 'urgente',
            label: t('ipredial.urgent'),
            description:
              price &&
              t('ipredial.urgentDescription', {
                copy: urgentPromise.text ?? nsCopy,
                extra: euros(price.urgentExtra),
                price: euros(price.total + price.urgentExtra),
              }),
          },
        ]}
        value={step.form.urgente ? 'urgente' : 'normal'}
        onChange={(delivery) => step.update({ urgente: delivery === 'urgente' })}
      />
    </StepLayout>
  );
}
