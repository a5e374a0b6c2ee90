import {
  AddActualizarBodySchema,
  FollowupItemAnswerSchema,
  IdQuerySchema,
  OrderIdQuerySchema,
  ReorderAnswerSchema,
  UpdatePedidoAnswerSchema,
  UpdatePedidoBodySchema,
  UpdatePedidoNsBodySchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestConfig } from '../../http/request-config.ts';
import { itemAnswer } from '../cart/cart.routes.ts';
import { visitorOf } from '../session/session.plugin.ts';
import type { Session } from '../session/session.service.ts';
import {
  addNsUpdateNow,
  addNsUpdateWithData,
  addUpdateNow,
  loadQuote,
  type ReorderResult,
  reorder,
} from './followups.service.ts';
import { markOrderToFinalize, updateOrderItem } from './item-answers.service.ts';
import { onePedido } from './pedidos.service.ts';

/**
 * The follow-up calls of an order (spec 7; docs/api.md "Follow-ups"): order
 * again (loadorder, loadquote), update now (addactualizarpedidoahora,
 * addactualizarnsahora, updatepedidoNS) and change an item's answers
 * (updatepedido). The logged-in customer's own orders only: anonymous 401,
 * anyone else's 404. Every one changes state, so every one needs the form key.
 */
export const followupsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function reorderAnswer(request: FastifyRequest, result: ReorderResult) {
    request.session = result.session;
    return { ok: true, added: result.added, skipped: result.skipped, config: await requestConfig(request) };
  }

  async function itemAnswerOf(request: FastifyRequest, result: { itemId: number; session: Session }) {
    request.session = result.session;
    return itemAnswer(request, result.itemId);
  }

  // Mutating GETs (spec 7): csrf.ts lists them; no HEAD route would run them.
  app.get(
    '/loadorder',
    {
      exposeHeadRoute: false,
      schema: { querystring: OrderIdQuerySchema, response: { 200: ReorderAnswerSchema } },
    },
    async (request) => reorderAnswer(request, await reorder(app, visitorOf(request), request.query.id)),
  );

  app.get(
    '/loadquote',
    {
      exposeHeadRoute: false,
      schema: { querystring: IdQuerySchema, response: { 200: ReorderAnswerSchema } },
    },
    async (request) => reorderAnswer(request, await loadQuote(app, visitorOf(request), request.query.id)),
  );

  app.post(
    '/addactualizarpedidoahora',
    { schema: { body: AddActualizarBodySchema, response: { 200: FollowupItemAnswerSchema } } },
    async (request) => {
      const { order_id, item_id } = request.body.form;
      return itemAnswerOf(request, await addUpdateNow(app, visitorOf(request), order_id, item_id));
    },
  );

  app.post(
    '/addactualizarnsahora',
    { schema: { body: AddActualizarBodySchema, response: { 200: FollowupItemAnswerSchema } } },
    async (request) => {
      const { order_id, item_id } = request.body.form;
      return itemAnswerOf(request, await addNsUpdateNow(app, visitorOf(request), order_id, item_id));
    },
  );

  app.post(
    '/updatepedidoNS',
    {
      schema: {
        querystring: IdQuerySchema,
        body: UpdatePedidoNsBodySchema,
        response: { 200: FollowupItemAnswerSchema },
      },
    },
    async (request) =>
      itemAnswerOf(
        request,
        await addNsUpdateWithData(app, visitorOf(request), request.query.id, request.body.data),
      ),
  );

  app.post(
    '/updatepedido',
    {
      schema: {
        querystring: IdQuerySchema,
        body: UpdatePedidoBodySchema,
        response: { 200: UpdatePedidoAnswerSchema },
      },
    },
    async (request) => {
      const visitor = visitorOf(request);
      const order = await updateOrderItem(app, visitor, request.query.id, request.body.options);
      const owner = { customerId: visitor.session.customerId, storeId: visitor.store.id };
      const pedido = markOrderToFinalize(
        await onePedido(app.database.db, owner, order.id),
        await app.catalog.snapshot(),
      );
      return { ok: true, pedido, config: await requestConfig(request) };
    },
  );
};
