import type { Env } from '../env.ts';
import type { StoreRow } from '../modules/catalog/catalog.repository.ts';

/**
 * A store's storefront origin where no request tells it (a job's mail):
 * PUBLIC_BASE_URL, else the store's first host name (the `stores.hostnames`
 * column, then STORE_HOSTS), else its homepage.
 */
export function storeBaseUrl(
  env: Pick<Env, 'PUBLIC_BASE_URL' | 'STORE_HOSTS'>,
  store: Pick<StoreRow, 'id' | 'hostnames' | 'homepage'>,
): string {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL;
  const host = store.hostnames[0] ?? [...env.STORE_HOSTS].find(([, id]) => id === store.id)?.[0];
  return host ? `https://${host}` : store.homepage.replace(/\/+$/, '');
}
