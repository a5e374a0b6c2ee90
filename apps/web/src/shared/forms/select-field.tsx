import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldError, FieldHint, FieldLabel, useFieldA11y } from './field-error.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. t('forms.choose')); omit it to force a value. */
  placeholder?: string | undefined;
  hint?: string | undefined;
  error?: string | null | undefined;
  optionalText?: string | undefined;
}

/** A labelled native select: the platform's own accessible list, 0 KB. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  optionalText,
  id,
  className,
  ...select
}: SelectFieldProps) {
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={inputId} label={label} optionalText={optionalText} />
      <FieldHint id={hintId} hint={hint} />
      <select {...select} id={inputId} className={styles.control} {...aria}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
