import { useId } from 'react';
import styles from './field.module.css';

/**
 * An inline error tied to its field by id (the field points at it with
 * aria-describedby). role=alert makes screen readers say it when it appears.
 */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={styles.error}>
      {message}
    </p>
  );
}

export interface FieldA11yInput {
  id?: string;
  hint?: string | undefined;
  error?: string | null | undefined;
}

/** The ids and ARIA attributes a field and its hint and error share. */
export function useFieldA11y({ id, hint, error }: FieldA11yInput) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    inputId,
    hintId,
    errorId,
    aria: {
      'aria-describedby': describedBy || undefined,
      'aria-invalid': error ? (true as const) : undefined,
    },
  };
}

/**
 * The '(optional)' mark a label needs: none when the label already says it (a
 * catalogue title such as 'Registry details (optional)'), so it never reads twice.
 */
export function optionalMark(label: string, optionalText: string | undefined): string | undefined {
  if (!optionalText) return undefined;
  return label.toLocaleLowerCase().includes(`(${optionalText.toLocaleLowerCase()})`)
    ? undefined
    : optionalText;
}

/** The visible label with an '(optional)' mark when the caller passes its text. */
export function FieldLabel({
  htmlFor,
  label,
  optionalText,
}: {
  htmlFor: string;
  label: string;
  optionalText?: string | undefined;
}) {
  const mark = optionalMark(label, optionalText);
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
      {mark ? (
        <>
          {' '}
          <span className={styles.optional}>({mark})</span>
        </>
      ) : null}
    </label>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p id={id} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}
