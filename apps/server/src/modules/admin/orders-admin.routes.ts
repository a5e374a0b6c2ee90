import {
  IdParamsSchema,
  OrderDetailAnswerSchema,
  OrderIdParamsSchema,
  OrderQueueAnswerSchema,
  OrderQueueQuerySchema,
  TransitionBodySchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { actorOf } from './admin.plugin.ts';
import { ANY_OPERATOR } from './admin-auth.routes.ts';
import { orderDetail, orderQueue, transitionOrder } from './orders-admin.service.ts';

const TransitionAnswerSchema = z.object({
  ok: z.literal(true),
  status: z.string(),
  panel_status_id: z.int(),
});

/** The order queue, one order, and its status transitions (every operator). */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      config: { admin: ANY_OPERATOR },
      schema: { querystring: OrderQueueQuerySchema, response: { 200: OrderQueueAnswerSchema } },
    },
    async (request) => orderQueue(app.db, request.query),
  );

  app.get(
    '/orders/:id',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: OrderIdParamsSchema, response: { 200: OrderDetailAnswerSchema } },
    },
    async (request) => ({ ok: true as const, order: await orderDetail(app.db, request.params.id) }),
  );

  app.get(
    '/files/:id',
    { config: { admin: ANY_OPERATOR }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const file = await app.files.readForOperator(request.params.id, request.log);
      // A download of its own type only: nothing in it may run in our origin.
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );

  app.post(
    '/orders/:id/transition',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: OrderIdParamsSchema,
        body: TransitionBodySchema,
        response: { 200: TransitionAnswerSchema },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await transitionOrder(app.db, actorOf(request), request.params.id, request.body)),
    }),
  );
};
