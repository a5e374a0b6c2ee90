import { formatEuros, type Option } from '@shop/domain';
import { useId } from 'react';
import { useConfig } from '../config/config-store.ts';
import fieldStyles from '../forms/field.module.css';
import { FieldError, FieldHint } from '../forms/field-error.tsx';
import { RadioGroup } from '../forms/radio-group.tsx';
import { SelectField } from '../forms/select-field.tsx';
import { useT } from '../i18n/use-t.ts';
import { choiceStyle, type OptionControlProps } from './option-rules.ts';
import styles from './product-options.module.css';

export interface ChoiceOptionProps extends OptionControlProps {
  option: Option;
  productId: number;
  required: boolean;
}

/** drop_down (native select), radio (native radios) and radio_button (toggle buttons; radios on 18464). */
export function ChoiceOption({
  option,
  productId,
  label,
  value,
  onChange,
  hint,
  error,
  optionalText,
  required,
}: ChoiceOptionProps) {
  const t = useT();
  const { language } = useConfig();
  const extra = (price: number) => (price > 0 ? `+${formatEuros(price, language)}` : undefined);
  const style = choiceStyle(option, productId);
  const name = `option-${option.option_id}`;

  if (style === 'select') {
    return (
      <SelectField
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('forms.choose')}
        options={option.opt_values.map((v) => ({
          value: String(v.id),
          label: v.price > 0 ? `${v.name} (${extra(v.price)})` : v.name,
        }))}
        hint={hint}
        error={error}
        optionalText={optionalText}
        required={required}
      />
    );
  }
  if (style === 'radio') {
    return (
      <RadioGroup
        legend={optionalText ? `${label} (${optionalText})` : label}
        name={name}
        value={value}
        onChange={onChange}
        options={option.opt_values.map((v) => ({
          value: String(v.id),
          label: v.name,
          description: extra(v.price),
        }))}
        hint={hint}
        error={error}
        required={required}
      />
    );
  }
  return (
    <ButtonGroup
      label={optionalText ? `${label} (${optionalText})` : label}
      option={option}
      value={value}
      onChange={onChange}
      hint={hint}
      error={error}
      extra={extra}
    />
  );
}

interface ButtonGroupProps {
  label: string;
  option: Option;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | null | undefined;
  extra: (price: number) => string | undefined;
}

/** One pressed button at a time, in a fieldset named by the question that describes its hint and error. */
function ButtonGroup({ label, option, value, onChange, hint, error, extra }: ButtonGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={fieldStyles.fieldset} aria-describedby={describedBy}>
      <legend className={fieldStyles.legend}>{label}</legend>
      <FieldHint id={hintId} hint={hint} />
      <div className={styles.buttons}>
        {option.opt_values.map((v) => {
          const price = extra(v.price);
          return (
            <button
              key={v.id}
              type="button"
              className={styles.choiceButton}
              aria-pressed={value === String(v.id)}
              onClick={() => onChange(String(v.id))}
            >
              {v.name}
              {price ? <span className={styles.choicePrice}>{price}</span> : null}
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
