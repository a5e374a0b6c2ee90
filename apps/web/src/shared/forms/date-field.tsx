import { formatSpecDate, isoToSpecDate, parseSpecDate, specDateToIso } from '@shop/domain';
import styles from './field.module.css';
import { FieldError, FieldHint, FieldLabel, useFieldA11y } from './field-error.tsx';

export interface DateFieldProps {
  label: string;
  /** The date as text: typed ('29-feb-2024', '29.02.2024') or dd/mm/yyyy from the picker. */
  value: string;
  onChange: (value: string) => void;
  /** The calendar button's accessible name, e.g. t('forms.datePick'). */
  pickerLabel: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  optionalText?: string | undefined;
  name?: string;
  id?: string;
  required?: boolean;
  onBlur?: () => void;
}

/** Whether the text is a date in one of spec 5's formats (blank counts as valid: required is separate). */
export function isDateTextValid(text: string): boolean {
  return text.trim() === '' || parseSpecDate(text) !== null;
}

/**
 * A date typed in any of spec 5's formats, with the platform's date picker
 * beside it. A valid typed date is rewritten as dd/mm/yyyy on leaving the
 * field; the caller validates with isDateTextValid and shows `error`.
 */
export function DateField({
  label,
  value,
  onChange,
  pickerLabel,
  hint,
  error,
  optionalText,
  name,
  id,
  required,
  onBlur,
}: DateFieldProps) {
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={inputId} label={label} optionalText={optionalText} />
      <FieldHint id={hintId} hint={hint} />
      <div className={styles.row}>
        <input
          type="text"
          inputMode="text"
          autoComplete="off"
          id={inputId}
          name={name}
          value={value}
          required={required}
          className={styles.control}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            const parsed = parseSpecDate(value);
            if (parsed) {
              const formatted = formatSpecDate(parsed);
              if (formatted !== value) onChange(formatted);
            }
            onBlur?.();
          }}
          {...aria}
        />
        <input
          type="date"
          aria-label={pickerLabel}
          className={`${styles.control} ${styles.picker}`}
          value={specDateToIso(value) ?? ''}
          onChange={(event) => {
            const text = isoToSpecDate(event.target.value);
            if (text) onChange(text);
          }}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
