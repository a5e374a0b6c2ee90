import { type FieldError, isValidationCode, type Language } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { translate, validationText } from './translate.ts';

/** What the zod type provider leaves in `error.validation` for each issue. */
export interface ZodValidationEntry {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

type Text = [key: TranslationKey, vars?: TranslationVars];

function valueAt(input: unknown, segments: string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const isNumeric = (origin: unknown) => origin === 'number' || origin === 'int' || origin === 'bigint';
const isList = (origin: unknown) => origin === 'array' || origin === 'set';

/** The catalogue text of a zod issue of a server-side schema (one without a domain validation code). */
function textFor(entry: ZodValidationEntry, missing: boolean): Text {
  const p = entry.params;
  const bound = (key: 'min' | 'max', value: unknown): TranslationVars => ({ [key]: String(value) });
  if (missing && entry.keyword !== 'unrecognized_keys') return ['validation.required'];
  switch (entry.keyword) {
    case 'invalid_type':
      if (p.expected === 'int') return ['validation.integer'];
      if (p.expected === 'number') return ['validation.number'];
      return ['validation.invalidValue'];
    case 'too_small':
      if (p.origin === 'string') return ['validation.stringMin', bound('min', p.minimum)];
      if (isList(p.origin)) return ['validation.arrayMin', bound('min', p.minimum)];
      if (isNumeric(p.origin)) {
        const key = p.inclusive === false ? 'validation.numberMinExclusive' : 'validation.numberMin';
        return [key, bound('min', p.minimum)];
      }
      return ['validation.invalidValue'];
    case 'too_big':
      if (p.origin === 'string') return ['validation.stringMax', bound('max', p.maximum)];
      if (isList(p.origin)) return ['validation.arrayMax', bound('max', p.maximum)];
      if (isNumeric(p.origin)) return ['validation.numberMax', bound('max', p.maximum)];
      return ['validation.invalidValue'];
    case 'invalid_format':
      if (p.format === 'email') return ['validation.invalidEmail'];
      if (p.format === 'url') return ['validation.invalidUrl'];
      return ['validation.format'];
    case 'invalid_value':
      return ['validation.invalidOption'];
    case 'not_multiple_of':
      return ['validation.integer'];
    default:
      return ['validation.invalidValue'];
  }
}

/**
 * Turns zod issues into per-field messages in the store's language, every text
 * from the shared i18n catalogues: a domain validation code by its own text, any
 * other issue (server-side zod schemas) by its zod code. `input` is the raw part
 * that failed (body, query...), used to tell "missing" from "wrong".
 */
export function fieldErrors(entries: ZodValidationEntry[], input: unknown, language: Language): FieldError[] {
  const errors: FieldError[] = [];
  for (const entry of entries) {
    const segments = entry.instancePath.split('/').filter(Boolean);
    if (entry.keyword === 'unrecognized_keys' && Array.isArray(entry.params.keys)) {
      for (const key of entry.params.keys) {
        const path = [...segments, String(key)].join('.');
        errors.push({ path, message: translate(language, 'validation.unknownField') });
      }
      continue;
    }
    const value = valueAt(input, segments);
    const missing = value === undefined || value === null || value === '';
    const message = isValidationCode(entry.message)
      ? validationText(language, entry.message)
      : translate(language, ...textFor(entry, missing));
    errors.push({ path: segments.join('.'), message });
  }
  return errors;
}
