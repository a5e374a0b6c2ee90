import {
  AdminProductAnswerSchema,
  ApiAnswerSchema,
  CatalogListAnswerSchema,
  type ProductDefinition,
} from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiUrl, createApiClient, storefrontEndpoint } from '../../shared/api/client.ts';
import { setT } from '../../shared/i18n/use-t.ts';
import { adminCall } from '../api.ts';
import { adminQueryClient } from '../query-client.ts';

/** The catalogue area's server state (admins): query options per endpoint, one function per change. */
export const catalogKey = ['admin', 'catalog'] as const;

/** After a publish: the list and the product read again. */
export const refreshCatalog = () => adminQueryClient.invalidateQueries({ queryKey: catalogKey });

/** GET /catalog: every product with its current version. */
export const catalogQuery = queryOptions({
  queryKey: catalogKey,
  queryFn: async () => (await adminCall(CatalogListAnswerSchema, '/catalog')).products,
});

/** GET /catalog/{id}: a product's definition and its versions. */
export function productQuery(productId: number) {
  return queryOptions({
    queryKey: [...catalogKey, productId],
    queryFn: () => adminCall(AdminProductAnswerSchema, `/catalog/${productId}`),
  });
}

const SavedSchema = z.object({ ok: z.literal(true), version: z.int() });

/** PUT /catalog/{id}: publishes a new version over `base_version`. */
export function saveProduct({
  productId,
  baseVersion,
  definition,
}: {
  productId: number;
  baseVersion: number;
  definition: ProductDefinition;
}) {
  return adminCall(SavedSchema, `/catalog/${productId}`, {
    method: 'PUT',
    body: { base_version: baseVersion, definition },
  });
}

/**
 * The storefront's own API as the wizard preview needs it before any store
 * configuration exists: the same client, at the site's root, no form key yet;
 * the answer's configuration becomes the runtime configuration (storefrontEndpoint).
 */
const storefrontAtRoot = createApiClient({
  ...storefrontEndpoint({ retryDelaysMs: [] }),
  url: (path, query) => apiUrl({ base_url: '' }, path, query),
  headers: () => ({}),
  onGiveUp: undefined,
});

/**
 * The storefront's field components read the store's translator and runtime
 * configuration: loaded once, for the main store (Spanish), as the storefront
 * itself does at start-up.
 */
export const storefrontPreviewQuery = queryOptions({
  queryKey: ['admin', 'storefront-preview', 14],
  queryFn: async () => {
    const [t] = await Promise.all([
      loadT('es'),
      storefrontAtRoot.call(ApiAnswerSchema, { path: 'config', query: { store_id: 14 } }),
    ]);
    setT(t);
    return true;
  },
  staleTime: Number.POSITIVE_INFINITY,
});
