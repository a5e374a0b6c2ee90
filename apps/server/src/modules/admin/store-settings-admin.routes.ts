import {
  AdminStoreAnswerSchema,
  AdminStoreListAnswerSchema,
  IdParamsSchema,
  StoreSettingsBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './admin.plugin.ts';
import { ADMIN_ONLY } from './admin-auth.routes.ts';
import { listStoresForAdmin, saveStoreSettings, storeSettingsOf } from './store-settings.service.ts';

/** The store settings screen's API: admins only (an agent gets 403). */
export const storeSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores',
    { config: { admin: ADMIN_ONLY }, schema: { response: { 200: AdminStoreListAnswerSchema } } },
    async () => ({ ok: true as const, stores: await listStoresForAdmin(app.db) }),
  );

  app.get(
    '/stores/:id',
    {
      config: { admin: ADMIN_ONLY },
      schema: { params: IdParamsSchema, response: { 200: AdminStoreAnswerSchema } },
    },
    async (request) => ({
      ok: true as const,
      store: await storeSettingsOf(app.db, app.gateways, request.params.id),
    }),
  );

  app.put(
    '/stores/:id/settings',
    {
      config: { admin: ADMIN_ONLY },
      schema: {
        params: IdParamsSchema,
        body: StoreSettingsBodySchema,
        response: { 200: AdminStoreAnswerSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      await saveStoreSettings(app.db, app.gateways, actorOf(request), id, request.body);
      // Stores live in the catalogue's memory: this instance and (NOTIFY) every other one reload them.
      app.catalog.invalidate();
      return { ok: true as const, store: await storeSettingsOf(app.db, app.gateways, id) };
    },
  );
};
