import { formatPromise, isPortugueseStore, type Language } from '@shop/domain';
import { translate } from '../../http/translate.ts';

/**
 * An order's promise as the customer reads it in mails, the same words as on
 * the storefront (the domain's formatPromise), in the store's language and
 * zone (Lisbon for Portuguese stores, Madrid otherwise); null without a promise.
 */
export function promiseText(
  language: Language,
  storeId: number,
  promisedAt: Date | null,
  now: Date = new Date(),
): string | null {
  if (!promisedAt) return null;
  const zone = isPortugueseStore(storeId) ? 'Europe/Lisbon' : 'Europe/Madrid';
  return formatPromise(
    (key, vars) => translate(language, key, vars),
    promisedAt.toISOString(),
    now.toISOString(),
    language,
    zone,
  );
}
