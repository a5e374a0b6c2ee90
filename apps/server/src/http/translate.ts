import { isValidationCode, type Language, type ValidationCode } from '@shop/domain';
import { loadT, type TFunction, type TranslationKey, type TranslationVars } from '@shop/domain/i18n';

const LANGUAGES: Language[] = ['es', 'pt', 'en'];

/** Every language's t(), loaded once: the server answers in whichever language the store speaks. */
const translators = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadT(language)] as const)),
) as Record<Language, TFunction>;

/** The shared i18n catalogues' text of `key` in `language` (packages/domain/src/i18n). */
export function translate(language: Language, key: TranslationKey, vars?: TranslationVars): string {
  return translators[language](key, vars);
}

/** 'invalid_email' -> 'validation.invalidEmail': a domain validation code's catalogue key. */
export function validationKey(code: ValidationCode): TranslationKey {
  return `validation.${code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}` as TranslationKey;
}

/** The text of a field error's message: a domain validation code, else 'invalid_value'. */
export function validationText(language: Language, code: string, vars?: TranslationVars): string {
  return translate(language, validationKey(isValidationCode(code) ? code : 'invalid_value'), vars);
}
