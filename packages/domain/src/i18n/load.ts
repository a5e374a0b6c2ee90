import type { Language } from '../schemas/config.ts';
import { type Catalogue, createT, type TFunction } from './translate.ts';

// One dynamic import per language, so a bundler emits one chunk per catalogue
// and the browser downloads only its store's language.
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./es.json'),
  pt: () => import('./pt.json'),
  en: () => import('./en.json'),
};

/** Whether `value` names one of the catalogues (a page's `lang`, read before its configuration is validated). */
export function isLanguage(value: string): value is Language {
  return Object.hasOwn(loaders, value);
}

/** Loads one language's catalogue. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return (await loaders[language]()).default;
}

/** Loads the catalogue of `language` and returns its `t()`. */
export async function loadT(language: Language): Promise<TFunction> {
  return createT(language, await loadCatalogue(language));
}
