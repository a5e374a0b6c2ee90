import { CompanyHitSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { CompanySearchQuerySchema } from './companies.schemas.ts';

const schema = { querystring: CompanySearchQuerySchema, response: { 200: z.array(CompanyHitSchema) } };

/**
 * The company searches of spec 7 at the store base: sociedad.php (Spanish
 * companies) and organizacoes.php (Portuguese organisations; the spec names no
 * path, this one mirrors it in Portuguese). Both take `?app=1&sociedad=`.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sociedad.php', { schema }, async (request) => app.companies.search('es', request.query.sociedad));
  app.get('/organizacoes.php', { schema }, async (request) =>
    app.companies.search('pt', request.query.sociedad),
  );
};
