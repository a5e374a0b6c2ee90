import { LateRefundWaiverBodySchema, OrderIdParamsSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { actorOf } from '../admin/admin.plugin.ts';
import { ANY_OPERATOR } from '../admin/admin-auth.routes.ts';
import { waiveLateRefund } from './late-refund.ts';

/** POST /admin/api/orders/:id/late-refund/waive: an operator waives a late order's fee refund, with the reason (audited). */
export const lateRefundAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/late-refund/waive',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: OrderIdParamsSchema,
        body: LateRefundWaiverBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await waiveLateRefund(app.db, actorOf(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
