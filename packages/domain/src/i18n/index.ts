export { isLanguage, loadCatalogue, loadT } from './load.ts';
export {
  type Catalogue,
  createT,
  flattenCatalogue,
  LOCALES,
  type TFunction,
  type TranslationKey,
  type TranslationVars,
} from './translate.ts';
