import { formatEuros } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFlowNavigate } from '../../../shared/wizard/flow-route.tsx';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { useNotaSimpleProduct } from '../hooks/use-ns-product.ts';
import { urgentExtra } from '../utils/ns-price.ts';
import { isUrgent, NS_PROGRESS, NS_TOTAL_STEPS } from '../utils/ns-steps.ts';
import { NsPrice } from './ns-price.tsx';

type Choice = 'standard' | 'urgent';

/** step42: the urgent service (+9,90), offered when the registry delivers in under 4 hours (spec 9). */
export function Step42Urgent() {
  const t = useT();
  const { language, nsCopy } = useConfig();
  const { form, update, markStep } = useFlowForm('nota-simple');
  const go = useFlowNavigate('nota-simple');
  const product = useNotaSimpleProduct();

  return (
    <StepLayout
      title={t('ns.step42.title')}
      current={NS_PROGRESS.step42}
      total={NS_TOTAL_STEPS}
      price={<NsPrice urgent={isUrgent(form)} />}
      onBack={() => go('step4')}
      onNext={() => {
        markStep('step42');
        go('step5');
      }}
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
              copy: nsCopy,
              price: formatEuros(urgentExtra(product), language),
            }),
          },
        ]}
      />
    </StepLayout>
  );
}
