import type { ValidationCode } from '@shop/domain';
import type { TFunction, TranslationKey } from '@shop/domain/i18n';
import { errorText, type FieldErrors } from '../forms/validation.ts';

/** A field's messages by validation code. */
export type FieldMessages = Partial<Record<ValidationCode, TranslationKey>>;

/** What both Portuguese wizards say about the fields they share. */
export const PREDIAL_MESSAGES = {
  distrito_concelho_freguesia: {
    required: 'predial.errors.location',
    invalid_option: 'predial.errors.location',
  },
  num_ficha: { required: 'predial.errors.fichaRequired', invalid_value: 'predial.errors.fichaInvalid' },
  prop_horizontal: { choose_one: 'predial.errors.yesNo', required: 'predial.errors.yesNo' },
  prop_horizontal_fracao: { required: 'predial.errors.unitRequired' },
} as const satisfies Record<string, FieldMessages>;

/**
 * The field-by-field message function of a form: the message of `field`'s error
 * in the store's language (one that says what to type where `messages` has one,
 * else the generic text of its code), or undefined when it has none.
 */
export function fieldMessages<K extends string>(messages: Partial<Record<K, FieldMessages>>) {
  return (t: TFunction, errors: FieldErrors, field: K): string | undefined => {
    const code = errors[field];
    if (!code) return undefined;
    const key = messages[field]?.[code];
    return key ? t(key) : errorText(t, code);
  };
}
