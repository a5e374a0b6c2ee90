import {
  AddCertidaoBodySchema,
  AddGenericBodySchema,
  AddGenericWithAssociationBodySchema,
  AddIpredialBodySchema,
  AddNsBodySchema,
  AddQpBodySchema,
  type CartItem,
  CartItemSchema,
  IdQuerySchema,
  UpdateQuoteItemBodySchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { useCartErrors } from './api-errors.ts';
import type { FixedForm, FixedKind } from './fixed-items.ts';

/**
 * Optional idempotency key of an add call (a uuid the client makes per click of
 * "add to cart"): a repeated key answers the item the first call added.
 */
const RequestIdSchema = z.optional(z.uuid({ error: 'invalid_id' }));
const withRequestId = <T extends z.ZodMiniObject>(body: T) => z.extend(body, { request_id: RequestIdSchema });

/** An answer with the updated config (and cart) plus the item the call added or changed. */
const ItemAnswerSchema = z.extend(ConfigAnswerSchema, { ok: z.literal(true), item: CartItemSchema });

function findItem(items: CartItem[], id: number): CartItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const child = findItem(item.childs, id);
    if (child) return child;
  }
  return undefined;
}

const FIXED_ROUTES: [string, FixedKind, z.ZodMiniObject][] = [
  ['/addns', 'ns', AddNsBodySchema],
  ['/addqp', 'qp', AddQpBodySchema],
  ['/addcertidao', 'certidao', AddCertidaoBodySchema],
  ['/addipredial', 'ipredial', AddIpredialBodySchema],
];

/**
 * The cart calls of spec 7 (mounted under /desktopapp/rest; the CSRF hook checks
 * the form key of every one, delquoteitem included). Handlers only translate
 * HTTP to the cart service and answer the new config with the item.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  useCartErrors(app);

  async function itemAnswer(request: FastifyRequest, itemId: number) {
    const config = await app.runtimeConfig.build(request);
    const item = findItem(config.cart.items, itemId);
    if (!item) throw new Error(`item ${itemId} is missing from the cart it was just written to`);
    return { ok: true as const, config, item };
  }

  for (const [path, kind, body] of FIXED_ROUTES) {
    app.post(
      path,
      { schema: { body: withRequestId(body), response: { 200: ItemAnswerSchema } } },
      async (request) => {
        const { form, request_id } = request.body as { form: FixedForm; request_id?: string };
        const itemId = await app.cart.addFixed(request, kind, form, { requestId: request_id });
        return itemAnswer(request, itemId);
      },
    );
  }

  app.post(
    '/addgeneric',
    { schema: { body: withRequestId(AddGenericBodySchema), response: { 200: ItemAnswerSchema } } },
    async (request) => {
      const itemId = await app.cart.addGeneric(request, request.body.form, {
        requestId: request.body.request_id,
      });
      return itemAnswer(request, itemId);
    },
  );

  app.post(
    '/addgenericWithAssociation',
    {
      schema: {
        body: withRequestId(AddGenericWithAssociationBodySchema),
        response: { 200: ItemAnswerSchema },
      },
    },
    async (request) => {
      const itemId = await app.cart.addGeneric(request, request.body.form, {
        requestId: request.body.request_id,
      });
      return itemAnswer(request, itemId);
    },
  );

  app.post(
    '/updatequoteitem',
    {
      schema: {
        querystring: IdQuerySchema,
        body: UpdateQuoteItemBodySchema,
        response: { 200: ItemAnswerSchema },
      },
    },
    async (request) => {
      await app.cart.update(request, request.query.id, request.body.form);
      return itemAnswer(request, request.query.id);
    },
  );

  // A mutating GET (spec 7): csrf.ts lists it, so it needs the form key like a POST.
  app.get(
    '/delquoteitem',
    { schema: { querystring: IdQuerySchema, response: { 200: ConfigAnswerSchema } } },
    async (request) => {
      await app.cart.remove(request, request.query.id);
      return { ok: true, config: await app.runtimeConfig.build(request) };
    },
  );
};
