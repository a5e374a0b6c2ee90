import {
  checkOptionValue,
  chosenIds,
  formatSpecDate,
  type Option,
  PRODUCT_IDS,
  parseSpecDate,
  uploadedFileIds,
  type ValidationCode,
} from '@shop/domain';

/** What OptionField gives every option control: label, answer, hint, error and '(optional)'. */
export interface OptionControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | null | undefined;
  optionalText?: string | undefined;
}

/** An uploaded file as pushFilesToPedido answers it. */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  content_type: string;
}

/** Names (and sizes) of uploaded files by id, for showing a file option's value. */
export type KnownFiles = Readonly<Record<number, Pick<UploadedFile, 'name' | 'size'>>>;

/** is_require '1' means required (spec 3). */
export function isRequired(option: Pick<Option, 'is_require'>): boolean {
  return option.is_require === '1';
}

/**
 * The problem with an answer, or null: a required option needs a value, a date
 * must be a real date in a spec 5 format, a choice one of the option's values.
 */
export function optionProblem(option: Option, value: string): ValidationCode | null {
  if (value.trim() === '') return isRequired(option) ? 'required' : null;
  if (option.type === 'file') return uploadedFileIds(value).length > 0 ? null : 'invalid_value';
  return checkOptionValue(option, value);
}

/** How a renderer shows a radio_button option: buttons, except on 18464 where it is a radio (spec 5). */
export function choiceStyle(option: Pick<Option, 'type'>, productId: number): 'select' | 'radio' | 'buttons' {
  if (option.type === 'drop_down') return 'select';
  if (option.type === 'radio_button' && productId !== PRODUCT_IDS.energyCertificate) return 'buttons';
  return 'radio';
}

/** An answer as the customer reads it: choice names, dd/mm/yyyy dates, file names. */
export function displayValue(option: Option, value: string, files: KnownFiles = {}): string {
  if (value.trim() === '') return '';
  if (option.opt_values.length > 0) {
    const chosen = new Set(chosenIds(value));
    const names = option.opt_values.filter((v) => chosen.has(String(v.id))).map((v) => v.name);
    return names.length > 0 ? names.join(', ') : value;
  }
  if (option.type === 'date') {
    const date = parseSpecDate(value);
    return date ? formatSpecDate(date) : value;
  }
  if (option.type === 'file') {
    return uploadedFileIds(value)
      .map((id) => files[id]?.name ?? `#${id}`)
      .join(', ');
  }
  return value;
}
