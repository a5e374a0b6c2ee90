import type { SearchHit } from '@shop/domain';
import { useCombobox } from 'downshift';
import { useCallback, useEffect, useRef, useState } from 'react';
import fieldStyles from '../forms/field.module.css';
import { FieldError, FieldHint, useFieldA11y } from '../forms/field-error.tsx';
import { useT } from '../i18n/use-t.ts';
import styles from './autocomplete.module.css';
import type { SearchFn } from './autocomplete-search.ts';

export interface AutocompleteProps<T extends SearchHit> {
  label: string;
  /** The committed text (the picked item's text, or free text when allowed). */
  value: string;
  /** Called with the picked item (with its extra fields, e.g. a municipality's province). */
  onSelect: (item: T) => void;
  search: SearchFn<T>;
  /** Every keystroke is a value (onChange); otherwise leaving the field restores the last pick. */
  allowFreeText?: boolean;
  /** The typed text when free text is allowed. */
  onChange?: (text: string) => void;
  /** The text the input shows once an item is picked; the item's value by default. */
  itemToText?: (item: T) => string;
  hint?: string | undefined;
  error?: string | null | undefined;
  optionalText?: string | undefined;
  id?: string;
  name?: string;
  required?: boolean;
  minChars?: number;
  debounceMs?: number;
}

type Status = 'idle' | 'short' | 'searching' | 'done' | 'failed';

/**
 * A WAI-ARIA combobox (downshift) over one of the search endpoints: debounced,
 * from `minChars` characters, arrow keys / Enter / Escape, a polite status line
 * that says how many results there are (or none).
 */
export function Autocomplete<T extends SearchHit>({
  label,
  value,
  onSelect,
  search,
  allowFreeText = false,
  onChange,
  itemToText = (item) => item.value,
  hint,
  error,
  optionalText,
  id,
  name,
  required,
  minChars = 2,
  debounceMs = 150,
}: AutocompleteProps<T>) {
  const t = useT();
  const { inputId, hintId, errorId, aria } = useFieldA11y({ id, hint, error });
  const statusId = `${inputId}-status`;
  const [inputValue, setInputValue] = useState(value);
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});

  // A value set from outside (a reset, a reload) replaces what the input shows.
  useEffect(() => setInputValue(value), [value]);

  const cancel = useCallback(() => {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
  }, []);
  useEffect(() => cancel, [cancel]);

  const lookUp = (text: string) => {
    cancel();
    const term = text.trim();
    if (term.length < minChars) {
      setItems([]);
      setStatus(term.length === 0 ? 'idle' : 'short');
      return;
    }
    setStatus('searching');
    const controller = new AbortController();
    pending.current = {
      controller,
      timer: setTimeout(() => {
        search(term, controller.signal).then(
          (hits) => {
            if (controller.signal.aborted) return;
            setItems(hits);
            setStatus('done');
          },
          () => {
            if (controller.signal.aborted) return;
            setItems([]);
            setStatus('failed');
          },
        );
      }, debounceMs),
    };
  };

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<T>({
      items,
      inputValue,
      inputId,
      selectedItem: null,
      itemToString: (item) => (item ? itemToText(item) : ''),
      itemToKey: (item) => (item ? `${item.value}\u0000${item.label}` : ''),
      onStateChange: (changes) => {
        const type = changes.type;
        if (changes.selectedItem) {
          cancel();
          const text = itemToText(changes.selectedItem);
          setInputValue(text);
          setItems([]);
          setStatus('idle');
          onSelect(changes.selectedItem);
          return;
        }
        if (type === useCombobox.stateChangeTypes.InputChange && changes.inputValue !== undefined) {
          setInputValue(changes.inputValue);
          if (allowFreeText) onChange?.(changes.inputValue);
          lookUp(changes.inputValue);
        } else if (type === useCombobox.stateChangeTypes.InputBlur && !allowFreeText) {
          // Without a pick, the field goes back to the committed value.
          cancel();
          setInputValue(value);
          setStatus('idle');
        }
      },
    });

  const message =
    status === 'searching'
      ? t('autocomplete.searching')
      : status === 'short'
        ? t('autocomplete.minChars', { min: minChars })
        : status === 'failed'
          ? t('autocomplete.failed')
          : status === 'done'
            ? items.length === 0
              ? t('autocomplete.noResults')
              : t('autocomplete.results', { count: items.length })
            : '';

  const describedBy = [aria['aria-describedby'], statusId].filter(Boolean).join(' ');
  const showMenu = isOpen && items.length > 0;

  return (
    <div className={fieldStyles.field}>
      <label {...getLabelProps({ className: fieldStyles.label })} htmlFor={inputId}>
        {label}
        {optionalText ? (
          <>
            {' '}
            <span className={fieldStyles.optional}>({optionalText})</span>
          </>
        ) : null}
      </label>
      <FieldHint id={hintId} hint={hint} />
      <div className={styles.anchor}>
        <input
          {...getInputProps({
            name,
            required,
            autoComplete: 'off',
            className: fieldStyles.control,
            'aria-describedby': describedBy,
            'aria-invalid': aria['aria-invalid'],
          })}
        />
        <ul {...getMenuProps({ className: showMenu ? styles.menu : styles.hidden })}>
          {showMenu
            ? items.map((item, index) => (
                <li
                  key={`${item.value}\u0000${item.label}`}
                  className={
                    index === highlightedIndex ? `${styles.item} ${styles.highlighted}` : styles.item
                  }
                  {...getItemProps({ item, index })}
                >
                  {item.label}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={statusId} role="status" aria-live="polite" className={fieldStyles.hint}>
        {message}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
