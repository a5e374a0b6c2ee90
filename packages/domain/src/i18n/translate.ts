import type { Language } from '../schemas/config.ts';
import type es from './es.json';

/** A catalogue in i18next's JSON shape: nested objects, `{{var}}` interpolation, `_one`/`_other` plurals. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type StripPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key of the catalogues (es.json is the reference; a test keeps pt and en in step). */
export type TranslationKey = StripPlural<Leaves<typeof es>>;
export type TranslationVars = Record<string, string | number>;
export type TFunction = (key: TranslationKey, vars?: TranslationVars) => string;

/** The BCP 47 locale each store language formats and pluralises with. */
export const LOCALES: Record<Language, string> = { es: 'es-ES', pt: 'pt-PT', en: 'en-GB' };

/** Flattens nested catalogue objects into dotted keys, as i18next reads them. */
export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [k, v] of flattenCatalogue(value, `${prefix}${key}.`)) flat.set(k, v);
  }
  return flat;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Builds `t(key, vars)` for one language: `{{name}}` interpolation, and plural
 * keys chosen with Intl.PluralRules when `vars.count` is a number. A missing key
 * yields the key itself (i18next's behaviour), so a gap shows up on screen.
 */
export function createT(language: Language, catalogue: Catalogue): TFunction {
  const messages = flattenCatalogue(catalogue);
  const plurals = new Intl.PluralRules(LOCALES[language]);
  return (key, vars) => {
    let message: string | undefined;
    if (typeof vars?.count === 'number') {
      message = messages.get(`${key}_${plurals.select(vars.count)}`) ?? messages.get(`${key}_other`);
    }
    message ??= messages.get(key);
    if (message === undefined) return key;
    if (!vars) return message;
    return message.replace(PLACEHOLDER, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}
