import {
  AdminProductAnswerSchema,
  CatalogListAnswerSchema,
  type ProductDefinition,
  SaveProductAnswerSchema,
} from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';

/** The catalogue's server state; keys start with ['admin', 'catalog']. */
export const catalogKey = ['admin', 'catalog'] as const;

/** GET /catalog: the products an admin can edit. */
export const catalogQuery = queryOptions({
  queryKey: [...catalogKey, 'list'],
  queryFn: async () => (await adminCall(CatalogListAnswerSchema, '/catalog')).products,
});

/** GET /catalog/{id}: a product's current definition and its versions. */
export function productQuery(productId: number) {
  return queryOptions({
    queryKey: [...catalogKey, 'product', productId],
    queryFn: () => adminCall(AdminProductAnswerSchema, `/catalog/${productId}`),
  });
}

/** PUT /catalog/{id}: publishes a new version (the server refuses one without a change). */
export function publishProduct(input: {
  productId: number;
  baseVersion: number;
  definition: ProductDefinition;
}) {
  return adminCall(SaveProductAnswerSchema, `/catalog/${input.productId}`, {
    method: 'PUT',
    body: { base_version: input.baseVersion, definition: input.definition },
  });
}
