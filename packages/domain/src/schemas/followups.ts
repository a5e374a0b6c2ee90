import * as z from 'zod/mini';
import { ApiAnswerSchema } from './answers.ts';
import { CartItemSchema } from './cart.ts';
import { PedidoSchema } from './orders.ts';

/**
 * The follow-up calls of an order (spec 7, issue 10 item 2; docs/api.md
 * "Follow-ups"). Their request bodies and queries are in api.ts
 * (AddActualizarBodySchema, UpdatePedidoBodySchema, UpdatePedidoNsBodySchema,
 * IdQuerySchema, OrderIdQuerySchema).
 */

/** An item of the source that could not go into the cart again, and why (a followups.skipped.* key). */
export const SkippedItemSchema = z.object({
  id: z.int(),
  product_name: z.string(),
  reason: z.enum(['not_offered', 'invalid']),
});
export type SkippedItem = z.infer<typeof SkippedItemSchema>;

/**
 * loadorder?id= and loadquote?id= (order again): `added` are the new cart
 * items' ids (the cart is in `config.cart`), `skipped` what could not be
 * ordered again as it was. loadquote of the customer's open quote makes it the
 * session's cart: `added` lists its items.
 */
export const ReorderAnswerSchema = z.extend(ApiAnswerSchema, {
  added: z.array(z.int()),
  skipped: z.array(SkippedItemSchema),
});
export type ReorderAnswer = z.infer<typeof ReorderAnswerSchema>;

/** addactualizarpedidoahora, addactualizarnsahora, updatepedidoNS: the new cart item (the update to pay). */
export const FollowupItemAnswerSchema = z.extend(ApiAnswerSchema, { item: CartItemSchema });
export type FollowupItemAnswer = z.infer<typeof FollowupItemAnswerSchema>;

/** updatepedido?id=: the order with the item's new answers. */
export const UpdatePedidoAnswerSchema = z.extend(ApiAnswerSchema, { pedido: PedidoSchema });
export type UpdatePedidoAnswer = z.infer<typeof UpdatePedidoAnswerSchema>;
