import { APP_VERSION, VersionAnswerSchema, VersionQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET version.json?t= (spec 7 / 9): the client reloads when this differs from its own version. */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/version.json',
    {
      schema: {
        querystring: VersionQuerySchema,
        response: { 200: VersionAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { version: APP_VERSION };
    },
  );
};
