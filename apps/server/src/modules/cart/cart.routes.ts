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
import { escapeHtml } from '../../http/html.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import { visitorOf } from '../session/session.plugin.ts';
import type { AddResult } from './cart.service.ts';
import type { FixedForm, FixedKind } from './fixed-items.ts';

/**
 * Optional idempotency key of an add call (a uuid the client makes per click of
 * "add to cart"): a repeated key answers the item the first call added.
 */
const RequestIdSchema = z.optional(z.uuid({ error: 'invalid_id' }));
const withRequestId = <T extends z.ZodMiniObject>(body: T) => z.extend(body, { request_id: RequestIdSchema });

/** An added or changed item with the updated config (and cart). */
const ItemAnswerSchema = z.extend(ConfigAnswerSchema, { ok: z.literal(true), item: CartItemSchema });
/** An add: the item, or a polite refusal (`ok: false` with an HTML message, spec 2 "Polite modal"). */
const AddAnswerSchema = z.union([
  ItemAnswerSchema,
  z.extend(ConfigAnswerSchema, { ok: z.literal(false), message: z.string() }),
]);

function findItem(items: CartItem[], id: number): CartItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const child = findItem(item.childs, id);
    if (child) return child;
  }
  return undefined;
}

/** The answer of a call that wrote a cart item: the request's new config and that item from its cart. */
export async function itemAnswer(request: FastifyRequest, itemId: number) {
  const config = await requestConfig(request);
  const item = findItem(config.cart.items, itemId);
  if (!item) throw new Error(`item ${itemId} is missing from the cart it was just written to`);
  return { ok: true as const, config, item };
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
  async function addAnswer(request: FastifyRequest, result: AddResult) {
    if (result.ok) {
      request.session = result.session;
      return itemAnswer(request, result.itemId);
    }
    const { store } = visitorOf(request);
    const text = translate(store.language, 'politeModal.productNotOffered', {
      product: result.productName,
      site: store.portalName,
    });
    return {
      ok: false as const,
      message: `<p>${escapeHtml(text)}</p>`,
      config: await requestConfig(request),
    };
  }

  for (const [path, kind, body] of FIXED_ROUTES) {
    app.post(
      path,
      { schema: { body: withRequestId(body), response: { 200: AddAnswerSchema } } },
      async (request) => {
        const { form, request_id } = request.body as { form: FixedForm; request_id?: string };
        return addAnswer(
          request,
          await app.cart.addFixed(visitorOf(request), kind, form, { requestId: request_id }),
        );
      },
    );
  }

  for (const [path, body] of [
    ['/addgeneric', AddGenericBodySchema],
    ['/addgenericWithAssociation', AddGenericWithAssociationBodySchema],
  ] as const) {
    app.post(
      path,
      { schema: { body: withRequestId(body), response: { 200: AddAnswerSchema } } },
      async (request) => {
        const { form, request_id } = request.body;
        return addAnswer(
          request,
          await app.cart.addGeneric(visitorOf(request), form, { requestId: request_id }),
        );
      },
    );
  }

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
      request.session = await app.cart.update(visitorOf(request), request.query.id, request.body.form);
      return itemAnswer(request, request.query.id);
    },
  );

  // A mutating GET (spec 7): csrf.ts lists it, so it needs the form key like a POST,
  // and no HEAD route is derived from it (a HEAD would run the deletion).
  app.get(
    '/delquoteitem',
    {
      exposeHeadRoute: false,
      schema: { querystring: IdQuerySchema, response: { 200: ConfigAnswerSchema } },
    },
    async (request) => {
      request.session = await app.cart.remove(visitorOf(request), request.query.id);
      return { ok: true, config: await requestConfig(request) };
    },
  );
};
