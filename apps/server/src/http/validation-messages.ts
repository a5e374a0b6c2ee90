import { type FieldError, isValidationCode, type Language, type ValidationCode } from '@shop/domain';
import { loadT, type TFunction, type TranslationKey } from '@shop/domain/i18n';

/** What the zod type provider leaves in `error.validation` for each issue. */
export interface ZodValidationEntry {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

type Texts = {
  required: string;
  invalid: string;
  number: string;
  integer: string;
  string_min: string;
  string_max: string;
  number_min: string;
  number_min_exclusive: string;
  number_max: string;
  array_min: string;
  array_max: string;
  email: string;
  url: string;
  format: string;
  choice: string;
  unknown_field: string;
};

const TEXTS: Record<Language, Texts> = {
  es: {
    required: 'Este campo es obligatorio',
    invalid: 'El valor no es válido',
    number: 'Introduce un número',
    integer: 'Introduce un número entero',
    string_min: 'Introduce al menos {min} caracteres',
    string_max: 'Introduce como máximo {max} caracteres',
    number_min: 'Introduce un número mayor o igual que {min}',
    number_min_exclusive: 'Introduce un número mayor que {min}',
    number_max: 'Introduce un número menor o igual que {max}',
    array_min: 'Elige al menos {min}',
    array_max: 'Elige como máximo {max}',
    // Spec 5's register message.
    email: 'Por favor, introduce un email válido',
    url: 'Introduce una dirección web válida',
    format: 'El formato no es válido',
    choice: 'Elige una de las opciones disponibles',
    unknown_field: 'Campo no admitido',
  },
  pt: {
    required: 'Este campo é obrigatório',
    invalid: 'O valor não é válido',
    number: 'Introduza um número',
    integer: 'Introduza um número inteiro',
    string_min: 'Introduza pelo menos {min} caracteres',
    string_max: 'Introduza no máximo {max} caracteres',
    number_min: 'Introduza um número maior ou igual a {min}',
    number_min_exclusive: 'Introduza um número maior que {min}',
    number_max: 'Introduza um número menor ou igual a {max}',
    array_min: 'Escolha pelo menos {min}',
    array_max: 'Escolha no máximo {max}',
    email: 'Por favor, introduza um email válido',
    url: 'Introduza um endereço web válido',
    format: 'O formato não é válido',
    choice: 'Escolha uma das opções disponíveis',
    unknown_field: 'Campo não suportado',
  },
  en: {
    required: 'This field is required',
    invalid: 'This value is not valid',
    number: 'Enter a number',
    integer: 'Enter a whole number',
    string_min: 'Enter at least {min} characters',
    string_max: 'Enter at most {max} characters',
    number_min: 'Enter a number greater than or equal to {min}',
    number_min_exclusive: 'Enter a number greater than {min}',
    number_max: 'Enter a number less than or equal to {max}',
    array_min: 'Choose at least {min}',
    array_max: 'Choose at most {max}',
    email: 'Please enter a valid email',
    url: 'Enter a valid web address',
    format: 'The format is not valid',
    choice: 'Choose one of the available options',
    unknown_field: 'Field not supported',
  },
};

const LANGUAGES: Language[] = ['es', 'pt', 'en'];
const translators = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadT(language)] as const)),
) as Record<Language, TFunction>;

/** 'invalid_email' -> 'validation.invalidEmail' (the shared i18n catalogues' key). */
export function validationKey(code: ValidationCode): TranslationKey {
  return `validation.${code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}` as TranslationKey;
}

/**
 * The text of a domain validation code (packages/domain/src/schemas/messages.ts)
 * from the shared i18n catalogues, so the storefront and the server say the same.
 */
export function validationCodeText(language: Language, code: ValidationCode): string {
  return translators[language](validationKey(code));
}

function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function valueAt(input: unknown, segments: string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function textFor(entry: ZodValidationEntry, missing: boolean, texts: Texts): string {
  const p = entry.params;
  if (missing && entry.keyword !== 'unrecognized_keys') return texts.required;
  switch (entry.keyword) {
    case 'invalid_type':
      if (p.expected === 'int') return texts.integer;
      if (p.expected === 'number') return texts.number;
      return texts.invalid;
    case 'too_small':
      if (p.origin === 'string') return fill(texts.string_min, { min: p.minimum });
      if (p.origin === 'array' || p.origin === 'set') return fill(texts.array_min, { min: p.minimum });
      if (p.origin === 'number' || p.origin === 'int' || p.origin === 'bigint') {
        return fill(p.inclusive === false ? texts.number_min_exclusive : texts.number_min, {
          min: p.minimum,
        });
      }
      return texts.invalid;
    case 'too_big':
      if (p.origin === 'string') return fill(texts.string_max, { max: p.maximum });
      if (p.origin === 'array' || p.origin === 'set') return fill(texts.array_max, { max: p.maximum });
      if (p.origin === 'number' || p.origin === 'int' || p.origin === 'bigint')
        return fill(texts.number_max, { max: p.maximum });
      return texts.invalid;
    case 'invalid_format':
      if (p.format === 'email') return texts.email;
      if (p.format === 'url') return texts.url;
      return texts.format;
    case 'invalid_value':
      return texts.choice;
    case 'unrecognized_keys':
      return texts.unknown_field;
    case 'not_multiple_of':
      return texts.integer;
    default:
      return texts.invalid;
  }
}

/**
 * Turns zod issues into per-field messages in the store's language: a domain
 * validation code by its text, any other issue (server-side zod schemas) by its
 * zod code. `input` is the raw part that failed (body, query...), used to tell
 * "missing" from "wrong".
 */
export function fieldErrors(entries: ZodValidationEntry[], input: unknown, language: Language): FieldError[] {
  const errors: FieldError[] = [];
  for (const entry of entries) {
    const segments = entry.instancePath.split('/').filter(Boolean);
    if (entry.keyword === 'unrecognized_keys' && Array.isArray(entry.params.keys)) {
      for (const key of entry.params.keys) {
        errors.push({ path: [...segments, String(key)].join('.'), message: TEXTS[language].unknown_field });
      }
      continue;
    }
    const value = valueAt(input, segments);
    const missing = value === undefined || value === null || value === '';
    const message = isValidationCode(entry.message)
      ? validationCodeText(language, entry.message)
      : textFor(entry, missing, TEXTS[language]);
    errors.push({ path: segments.join('.'), message });
  }
  return errors;
}
