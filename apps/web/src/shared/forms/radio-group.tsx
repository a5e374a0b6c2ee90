import { useId, useLayoutEffect, useRef } from 'react';
import styles from './field.module.css';
import { FieldError, FieldHint } from './field-error.tsx';

export interface RadioOption<V extends string = string> {
  value: V;
  label: string;
  /** A second line under the label (e.g. a price). */
  description?: string | undefined;
}

export interface RadioGroupProps<V extends string = string> {
  legend: string;
  name: string;
  options: readonly RadioOption<V>[];
  /** The checked value, '' for none. */
  value: V | '';
  onChange: (value: V) => void;
  hint?: string | undefined;
  error?: string | null | undefined;
  required?: boolean;
  id?: string;
}

/** Native radios in a fieldset whose legend is the question; arrows move between them. */
export function RadioGroup<V extends string = string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  required,
  id,
}: RadioGroupProps<V>) {
  const generated = useId();
  const groupId = id ?? generated;
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // A choice made on the server's markup before the page hydrated (ADR 009) is
  // taken, not lost: read from the DOM before React next renders the group.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the group appears
  useLayoutEffect(() => {
    const checked = fieldset.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const picked = options.find((option) => option.value === checked?.value);
    if (value === '' && picked) onChange(picked.value);
  }, []);
  return (
    <fieldset ref={fieldset} id={groupId} className={styles.fieldset} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <FieldHint id={hintId} hint={hint} />
      {options.map((option) => {
        const optionId = `${groupId}-${option.value}`;
        return (
          <label key={option.value} htmlFor={optionId} className={styles.choice}>
            <input
              type="radio"
              id={optionId}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-labelledby={option.description ? `${optionId}-label` : undefined}
              aria-describedby={option.description ? `${optionId}-description` : undefined}
            />
            <span className={styles.choiceText}>
              <span id={`${optionId}-label`}>{option.label}</span>
              {option.description ? (
                <span id={`${optionId}-description`} className={styles.hint}>
                  {option.description}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
