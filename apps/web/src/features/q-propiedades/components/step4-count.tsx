import { formatEuros, PROPERTY_COUNT_CHOICES } from '@shop/domain';
import { useState } from 'react';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import type { PropertyCount } from '../../../shared/wizard/flow-forms.ts';
import { useFlowForm } from '../../../shared/wizard/use-flow-form.ts';
import { maximumPrice } from '../utils/qp-steps.ts';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step4: how many properties to locate at most (num_propiedades), with the maximum price of each choice. */
export function Step4Count() {
  const t = useT();
  const { language } = useConfig();
  const { form, update } = useFlowForm('q-propiedades');
  const [error, setError] = useState(false);

  const options = PROPERTY_COUNT_CHOICES.map((count: PropertyCount) => {
    const max = maximumPrice(count);
    return {
      value: count,
      label: count === 'all' ? t('qp.step4.all') : t('qp.step4.upTo', { count: Number(count) }),
      description:
        max === null ? t('qp.step4.allHint') : t('qp.step4.maxHint', { price: formatEuros(max, language) }),
    };
  });

  return (
    <QpStepFrame
      step="step4"
      title={t('qp.step4.title')}
      validate={() => {
        setError(form.num_propiedades === '');
        return form.num_propiedades !== '';
      }}
    >
      <RadioGroup<PropertyCount>
        legend={t('qp.step4.question')}
        name="num_propiedades"
        value={form.num_propiedades}
        onChange={(count) => {
          setError(false);
          update({ num_propiedades: count });
        }}
        options={options}
        error={error ? errorText(t, 'invalid_option') : null}
        required
      />
    </QpStepFrame>
  );
}
