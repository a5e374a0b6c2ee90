import { formatEuros, PROPERTY_COUNT_CHOICES } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import type { PropertyCount } from '../../../shared/wizard/flow-forms.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { maximumPrice } from '../utils/qp-steps.ts';
import { useQpProducts } from './qp-price.tsx';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step4: how many properties to locate at most (num_propiedades), with the maximum price of each choice. */
export function Step4Count() {
  const t = useT();
  const { language } = useConfig();
  const step = usePlanStep(qpPlan, 'step4');
  const products = useQpProducts(step.form.opcion_empresa ? 'company' : 'person');

  const options = PROPERTY_COUNT_CHOICES.map((count: PropertyCount) => {
    const max = products ? maximumPrice(products, count) : null;
    return {
      value: count,
      label: count === 'all' ? t('qp.step4.all') : t('qp.step4.upTo', { count: Number(count) }),
      description:
        count === 'all'
          ? t('qp.step4.allHint')
          : max === null
            ? undefined
            : t('qp.step4.maxHint', { price: formatEuros(max, language) }),
    };
  });

  return (
    <QpStepFrame step={step} title={t('qp.step4.title')}>
      <RadioGroup<PropertyCount>
        legend={t('qp.step4.question')}
        name="num_propiedades"
        value={step.form.num_propiedades}
        onChange={(count) => step.update({ num_propiedades: count })}
        options={options}
        error={errorText(t, step.errors.num_propiedades)}
        required
      />
    </QpStepFrame>
  );
}
