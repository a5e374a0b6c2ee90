import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const MunicipalityHitSchema = z.object({
  label: z.string(),
  value: z.string(),
  name: z.string(),
  province: z.string(),
  province_code: z.string(),
  ine: z.string(),
  slug: z.string(),
});

const FreguesiaHitSchema = z.object({
  label: z.string(),
  value: z.string(),
  code: z.string(),
  freguesia: z.string(),
  concelho: z.string(),
  distrito: z.string(),
  legacy: z.boolean(),
});

const term = z.string().max(100).default('');
const app = z.string().max(8).optional();

/** The spec 7 search endpoints at the store base, for the municipality and freguesia autocompletes. */
export const searchRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/registros.php',
    {
      schema: {
        querystring: z.object({ app, term }),
        response: { 200: z.array(MunicipalityHitSchema) },
      },
    },
    async (request) => server.places.municipalities(request.query.term),
  );

  server.get(
    '/freguesias.php',
    {
      schema: {
        querystring: z.object({ app, term, type: z.enum(['all', 'ips']).default('all') }),
        response: { 200: z.array(FreguesiaHitSchema) },
      },
    },
    async (request) => server.places.freguesias(request.query.term, request.query.type),
  );
};
