import {
  IdFromStringSchema,
  LocatedAnswerSchema,
  OrderIdParamsSchema,
  OrderIdSchema,
  RecordLocatedAnswerSchema,
  RecordLocatedBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Env } from '../../env.ts';
import { actorOf } from './admin.plugin.ts';
import { ANY_OPERATOR } from './admin-auth.routes.ts';
import { locatedSearches, recordLocatedProperties } from './located-properties.service.ts';

/** Located properties of an order's properties searches (every operator: it is the order's work). */
export const locatedAdminRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  app.get(
    '/orders/:id/located',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: OrderIdParamsSchema, response: { 200: LocatedAnswerSchema } },
    },
    async (request) => ({
      ok: true as const,
      searches: await locatedSearches(app.db, await app.catalog.snapshot(), request.params.id),
    }),
  );

  app.post(
    '/orders/:id/items/:itemId/located',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: z.object({ id: OrderIdSchema, itemId: IdFromStringSchema }),
        body: RecordLocatedBodySchema,
        response: { 200: RecordLocatedAnswerSchema },
      },
    },
    async (request) => {
      // The customer's link: the public base URL, else the origin the operator reached when it is a
      // known one (never an unknown Host header), else ('') the store's homepage.
      const baseUrl = env.PUBLIC_BASE_URL ?? (await app.knownOrigin(request));
      const search = await recordLocatedProperties(app.db, await app.catalog.snapshot(), actorOf(request), {
        orderId: request.params.id,
        itemId: request.params.itemId,
        properties: request.body.properties,
        baseUrl,
        appPrefix: env.APP_PREFIX,
      });
      return { ok: true as const, search };
    },
  );
};
