import { IdQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { isOfferedBy } from './catalog-snapshot.ts';
import { ProductResponseSchema } from './product.schemas.ts';

/**
 * GET product?id= (spec 7): the definition of a product the store offers.
 * Anything else answers 200 `{ ok: false }`, which the client ignores (spec 8).
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product',
    { schema: { querystring: IdQuerySchema, response: { 200: ProductResponseSchema } } },
    async (request) => {
      const { store } = visitorOf(request);
      const [catalog, config] = await Promise.all([app.catalog.snapshot(), requestConfig(request)]);
      const product = catalog.products.get(request.query.id);
      if (!product?.definition || !isOfferedBy(product.row, store.id)) return { ok: false, config };
      return {
        ok: true as const,
        message: JSON.stringify(product.definition),
        product: product.definition,
        config,
      };
    },
  );
};
