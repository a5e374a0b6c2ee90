import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldError, FieldHint, useFieldA11y } from './field-error.tsx';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
}

/** A native checkbox with its label as a large click target. */
export function Checkbox({ label, hint, error, id, className, ...input }: CheckboxProps) {
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.choice}>
        <input {...input} type="checkbox" id={inputId} {...aria} />
        <span>{label}</span>
      </label>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
