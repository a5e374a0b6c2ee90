import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldError, FieldHint, FieldLabel, useFieldA11y } from './field-error.tsx';

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'> {
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  optionalText?: string | undefined;
}

/** A labelled multi-line text field (native props: controlled or register()). */
export function TextArea({ label, hint, error, optionalText, id, className, ...textarea }: TextAreaProps) {
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={inputId} label={label} optionalText={optionalText} />
      <FieldHint id={hintId} hint={hint} />
      <textarea rows={4} {...textarea} id={inputId} className={styles.control} {...aria} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
