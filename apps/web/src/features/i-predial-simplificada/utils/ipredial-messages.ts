import type { SimplifiedReportForm, ValidationCode } from '@shop/domain';
import type { TFunction, TranslationKey } from '@shop/domain/i18n';
import { errorText, type FieldErrors } from '../../../shared/forms/validation.ts';

type Messages = Partial<Record<ValidationCode, TranslationKey>>;

/** Field by field messages that say what to type; other codes read the generic text. */
const MESSAGES: Partial<Record<keyof SimplifiedReportForm, Messages>> = {
  distrito_concelho_freguesia: {
    required: 'predial.errors.location',
    invalid_option: 'predial.errors.location',
  },
  prop_horizontal: { choose_one: 'predial.errors.yesNo', required: 'predial.errors.yesNo' },
  prop_horizontal_fracao: { required: 'predial.errors.unitRequired' },
  tiene_numero: { choose_one: 'predial.errors.yesNo', required: 'predial.errors.yesNo' },
  num_ficha: { required: 'predial.errors.fichaRequired', invalid_value: 'predial.errors.fichaInvalid' },
};

/** The message of `field`'s error in the store's language, or undefined when it has none. */
export function fieldMessage(
  t: TFunction,
  errors: FieldErrors,
  field: keyof SimplifiedReportForm,
): string | undefined {
  const code = errors[field];
  if (!code) return undefined;
  const key = MESSAGES[field]?.[code];
  return key ? t(key) : errorText(t, code);
}
