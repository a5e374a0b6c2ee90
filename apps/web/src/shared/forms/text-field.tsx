import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldError, FieldHint, FieldLabel, useFieldA11y } from './field-error.tsx';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: string;
  hint?: string | undefined;
  /** The translated message; sets aria-invalid and is read out. */
  error?: string | null | undefined;
  /** Shown after the label, e.g. t('forms.optional'). */
  optionalText?: string | undefined;
}

/**
 * A labelled text input. It takes the native input props, so it works
 * controlled (value + onChange) or with react-hook-form's register().
 */
export function TextField({ label, hint, error, optionalText, id, className, ...input }: TextFieldProps) {
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={inputId} label={label} optionalText={optionalText} />
      <FieldHint id={hintId} hint={hint} />
      <input type="text" {...input} id={inputId} className={styles.control} {...aria} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
