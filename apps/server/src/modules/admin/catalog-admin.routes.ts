import {
  AdminProductAnswerSchema,
  CatalogListAnswerSchema,
  IdParamsSchema,
  SaveProductAnswerSchema,
  SaveProductBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './admin.plugin.ts';
import { ADMIN_ONLY } from './admin-auth.routes.ts';
import { listCatalog, productWithVersions, saveProductVersion } from './catalog-admin.service.ts';

/** The catalogue editor's API: admins only (an agent gets 403). */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog',
    { config: { admin: ADMIN_ONLY }, schema: { response: { 200: CatalogListAnswerSchema } } },
    async () => ({ ok: true as const, products: await listCatalog(app.db) }),
  );

  app.get(
    '/catalog/:id',
    {
      config: { admin: ADMIN_ONLY },
      schema: { params: IdParamsSchema, response: { 200: AdminProductAnswerSchema } },
    },
    async (request) => ({ ok: true as const, ...(await productWithVersions(app.db, request.params.id)) }),
  );

  app.put(
    '/catalog/:id',
    {
      config: { admin: ADMIN_ONLY },
      schema: {
        params: IdParamsSchema,
        body: SaveProductBodySchema,
        response: { 200: SaveProductAnswerSchema },
      },
    },
    async (request) => {
      const version = await saveProductVersion(app.db, actorOf(request), request.params.id, request.body);
      // The storefront reads products from the catalogue's memory: the new version serves at once.
      app.catalog.invalidate();
      return { ok: true as const, version };
    },
  );
};
