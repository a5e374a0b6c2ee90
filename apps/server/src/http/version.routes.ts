import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../modules/config/version.ts';
import { VersionResponseSchema } from './api-schemas.ts';

/** GET version.json?t= (spec 7 / 9): the client reloads when this differs from its own version. */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/version.json',
    {
      schema: {
        querystring: z.object({ t: z.string().max(32).optional() }),
        response: { 200: VersionResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { version: APP_VERSION };
    },
  );
};
