import {
  type FollowupItemAnswer,
  FollowupItemAnswerSchema,
  type NotaSimpleData,
  type Pedido,
  PedidosOrOneAnswerSchema,
  type ReorderAnswer,
  ReorderAnswerSchema,
  UpdatePedidoAnswerSchema,
} from '@shop/domain';
import { getConfig } from '../config/config-store.ts';
import { api } from './client.ts';

/**
 * The follow-up calls of an order (spec 7; docs/api.md "Follow-ups"): order
 * again, update now, the Nota Simple update, and changing an item's answers.
 * Each answer's config (with the new cart) replaces the page's (client.ts).
 */

/** GET pedidos?id={order}[&toFinalize=1]: one of the customer's orders. */
export async function pedido(orderId: string, toFinalize = false): Promise<Pedido | null> {
  const answer = await api.get(PedidosOrOneAnswerSchema, 'pedidos', {
    id: orderId,
    toFinalize: toFinalize ? '1' : undefined,
  });
  return answer.pedidos[0] ?? null;
}

/** GET loadorder?id=: the order's items into the cart again (today's prices). */
export async function loadOrder(orderId: string): Promise<ReorderAnswer> {
  return api.get(ReorderAnswerSchema, 'loadorder', { id: orderId });
}

/** GET loadquote?id=: a saved quote becomes the cart (an ordered one is ordered again). */
export async function loadQuote(quoteId: number): Promise<ReorderAnswer> {
  return api.get(ReorderAnswerSchema, 'loadquote', { id: quoteId });
}

const itemBody = (orderId: string, itemId: number) => ({
  config: getConfig(),
  form: { order_id: orderId, item_id: itemId },
});

/** POST addactualizarpedidoahora: the order item requested again, into the cart. */
export async function addUpdateNow(orderId: string, itemId: number): Promise<FollowupItemAnswer> {
  return api.post(FollowupItemAnswerSchema, 'addactualizarpedidoahora', itemBody(orderId, itemId));
}

/** POST addactualizarnsahora: an updated Nota Simple with the same data, into the cart (orders over 60 days). */
export async function addNsUpdateNow(orderId: string, itemId: number): Promise<FollowupItemAnswer> {
  return api.post(FollowupItemAnswerSchema, 'addactualizarnsahora', itemBody(orderId, itemId));
}

/** POST updatepedidoNS?id={item} `{ data }`: the Nota Simple update with corrected data, into the cart. */
export async function updatePedidoNs(itemId: number, data: NotaSimpleData): Promise<FollowupItemAnswer> {
  return api.post(FollowupItemAnswerSchema, 'updatepedidoNS', { config: getConfig(), data }, { id: itemId });
}

/** POST updatepedido?id={item} `{ options }`: new answers of an order item (finalize, corrections). */
export async function updatePedido(itemId: number, options: { option_id: number; value: string }[]) {
  const answer = await api.post(
    UpdatePedidoAnswerSchema,
    'updatepedido',
    { config: getConfig(), options },
    { id: itemId },
  );
  return answer.pedido;
}
