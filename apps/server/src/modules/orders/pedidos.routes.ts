import { PedidosOrOneAnswerSchema, PedidosQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { markItemsToFinalize } from './item-answers.service.ts';
import { listPedidos, onePedido } from './pedidos.service.ts';

/**
 * GET pedidos (spec 7): the logged-in customer's orders; GET pedidos?id=[&toFinalize=1]:
 * one of them. Anonymous: 401; another customer's order: 404.
 */
export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pedidos',
    {
      schema: {
        querystring: PedidosQuerySchema,
        response: { 200: PedidosOrOneAnswerSchema },
      },
    },
    async (request) => {
      const { session, store } = visitorOf(request);
      const owner = { customerId: session.customerId, storeId: store.id };
      const { id, toFinalize } = request.query;
      if (id !== undefined) {
        const pedido = await onePedido(app.database.db, owner, id);
        return {
          ok: true,
          pedidos: markItemsToFinalize([pedido], await app.catalog.snapshot()),
          toFinalize: toFinalize === '1',
          config: await requestConfig(request),
        };
      }
      const pedidos = markItemsToFinalize(
        await listPedidos(app.database.db, owner),
        await app.catalog.snapshot(),
      );
      return { ok: true, pedidos, toFinalize: false, config: await requestConfig(request) };
    },
  );
};
