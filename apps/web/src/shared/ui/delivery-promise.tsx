import { formatPromise, isPortugueseStore } from '@shop/domain';
import { useConfig } from '../config/config-store.ts';
import { useT } from '../i18n/use-t.ts';

/** The store's zone for a promise: Lisbon on the Portuguese stores, Madrid otherwise. */
export function storeTimeZone(storeId: number): 'Europe/Madrid' | 'Europe/Lisbon' {
  return isPortugueseStore(storeId) ? 'Europe/Lisbon' : 'Europe/Madrid';
}

/**
 * A delivery promise's words (ADR 034), the same on the step, the cart, the
 * success page and the orders page as in the mails: the domain's
 * formatPromise in the store's language and zone ('Recíbela hoy antes de las 13:40').
 */
export function usePromiseText(
  promisedAt: string | null | undefined,
  zone?: 'Europe/Madrid' | 'Europe/Lisbon',
) {
  const t = useT();
  const { language, store_id: storeId } = useConfig();
  if (!promisedAt) return null;
  return formatPromise(t, promisedAt, new Date().toISOString(), language, zone ?? storeTimeZone(storeId));
}

/** The promise as a line of text, marked for tests and styling; nothing without a promise. */
export function DeliveryPromise({ at, className }: { at: string | null | undefined; className?: string }) {
  const text = usePromiseText(at);
  if (!text) return null;
  return (
    <p className={className} data-testid="delivery-promise">
      {text}
    </p>
  );
}
