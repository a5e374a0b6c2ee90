import { FreguesiaHitSchema, MunicipalityHitSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { FreguesiasSearchQuerySchema, RegistrosSearchQuerySchema } from './search.schemas.ts';

/** The spec 7 search endpoints at the store base, for the municipality and freguesia autocompletes. */
export const searchRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/registros.php',
    {
      schema: {
        querystring: RegistrosSearchQuerySchema,
        response: { 200: z.array(MunicipalityHitSchema) },
      },
    },
    async (request) => server.places.municipalities(request.query.term),
  );

  server.get(
    '/freguesias.php',
    {
      schema: {
        querystring: FreguesiasSearchQuerySchema,
        response: { 200: z.array(FreguesiaHitSchema) },
      },
    },
    async (request) => server.places.freguesias(request.query.term, request.query.type),
  );
};
