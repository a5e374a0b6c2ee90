import { AdminStoreAnswerSchema, AdminStoreListAnswerSchema, type StoreSettingsBody } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';
import { adminQueryClient } from '../query-client.ts';

/** The store settings area's server state (admins): query options per endpoint, one function per change. */
export const storesKey = ['admin', 'stores'] as const;

/** After a save: the list and the store read again. */
export const refreshStores = () => adminQueryClient.invalidateQueries({ queryKey: storesKey });

/** GET /stores: every store with the methods it lists. */
export const storesQuery = queryOptions({
  queryKey: storesKey,
  queryFn: async () => (await adminCall(AdminStoreListAnswerSchema, '/stores')).stores,
});

/** GET /stores/{id}: a store's settings, with what the environment decides (gateways, issuer). */
export function storeQuery(storeId: number) {
  return queryOptions({
    queryKey: [...storesKey, storeId],
    queryFn: async () => (await adminCall(AdminStoreAnswerSchema, `/stores/${storeId}`)).store,
  });
}

/** PUT /stores/{id}/settings: the database's part of a store's settings. */
export function saveStoreSettings({ storeId, body }: { storeId: number; body: StoreSettingsBody }) {
  return adminCall(AdminStoreAnswerSchema, `/stores/${storeId}/settings`, { method: 'PUT', body });
}
