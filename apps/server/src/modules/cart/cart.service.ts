import {
  applyOptionRules,
  type FieldError,
  formSchemaForProduct,
  type GenericForm,
  isEditableProduct,
  type ProductDefinition,
  type PropertiesSearchForm,
  productPrice,
  toFieldErrors,
} from '@shop/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import type { AppDb } from '../../db/client.ts';
import type { ProductRow } from '../catalog/catalog.repository.ts';
import { isOfferedBy } from '../catalog/catalog-snapshot.ts';
import { requireSession } from '../session/session.service.ts';
import { CartError, invalidForm } from './api-errors.ts';
import {
  createQuote,
  deleteItemTree,
  findItemByRequest,
  findOpenQuoteItem,
  insertItem,
  isOpenQuote,
  linkFilesToItem,
  quoteUploads,
  touchQuote,
  updateItem,
} from './cart.repository.ts';
import { FIXED_KINDS, type FixedForm, type FixedKind, fixedFormValues } from './fixed-items.ts';
import { type PreparedItem, prepareGenericItem } from './generic-items.ts';
import { itemOptions } from './item-options.ts';
import { requesterOptions } from './requester-options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cart: CartService;
  }
}

/** What an add call stores besides the item: the idempotency key and the item it comes from. */
export interface AddOptions {
  requestId?: string | undefined;
  origin?: string | undefined;
  originId?: string | undefined;
}

export interface CartService {
  /** Adds a fixed product's item (addns, addqp, addcertidao, addipredial); answers the item id. */
  addFixed(request: FastifyRequest, kind: FixedKind, form: FixedForm, opts?: AddOptions): Promise<number>;
  /** Adds a generic product's item (addgeneric, addgenericWithAssociation); answers the item id. */
  addGeneric(request: FastifyRequest, form: GenericForm, opts?: AddOptions): Promise<number>;
  /** Replaces an item's form, options and price (updatequoteitem). */
  update(request: FastifyRequest, itemId: number, form: unknown): Promise<void>;
  /** Removes an item and its children (delquoteitem). */
  remove(request: FastifyRequest, itemId: number): Promise<void>;
  /** The session's open quote, created when missing (uploads before the first item). */
  openQuote(request: FastifyRequest): Promise<number>;
}

type Prepare = (uploads: ReadonlyMap<number, string>) => PreparedItem;

const withFormPrefix = (errors: FieldError[]) => errors.map((e) => ({ ...e, path: `form.${e.path}` }));

/** Fixed form -> item: mapped to option ids, cleaned by the option rules, priced by the domain rule. */
function prepareFixed(definition: ProductDefinition, form: FixedForm): PreparedItem {
  const values = applyOptionRules(definition, fixedFormValues(definition.product_id, form));
  return {
    options: [...itemOptions(definition, values), ...requesterOptions(definition.product_id, form)],
    priceCents: productPrice(definition, values),
    fileIds: [],
  };
}

function prepareGeneric(definition: ProductDefinition, form: GenericForm): Prepare {
  return (uploads) => {
    const result = prepareGenericItem(definition, form, uploads);
    if (!result.ok) throw invalidForm(withFormPrefix(result.errors));
    return result.item;
  };
}

export function createCartService(app: FastifyInstance): CartService {
  const db = app.db;

  /** A product the request's store sells, of the expected kind, with a readable definition; else 403. */
  async function offered(request: FastifyRequest, productId: number, kind: ProductRow['kind']) {
    const { store } = requireSession(request);
    const product = (await app.catalog.snapshot()).products.get(productId);
    if (!product?.definition || product.row.kind !== kind || !isOfferedBy(product.row, store.id)) {
      throw new CartError(403, 'product_not_offered');
    }
    return { row: product.row, definition: product.definition };
  }

  /**
   * The session's open quote inside the session service's transaction (which holds
   * the session row: two adds of one session never make two quotes); created when missing.
   */
  async function ensureOpenQuote(
    tx: AppDb,
    request: FastifyRequest,
    current: number | null,
  ): Promise<number> {
    const { session, store } = requireSession(request);
    if (current !== null && (await isOpenQuote(tx, current))) return current;
    const quoteId = await createQuote(tx, {
      storeId: store.id,
      sessionId: session.id,
      customerId: session.customerId,
    });
    await app.sessions.setQuote(tx, request, quoteId);
    return quoteId;
  }

  /** Runs a change of the session's quote; the cached cart view goes whatever the outcome. */
  async function changing<T>(quoteId: number, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      app.cartViews.invalidate(quoteId);
    }
  }

  async function add(
    request: FastifyRequest,
    product: { row: ProductRow; definition: ProductDefinition },
    form: Record<string, unknown>,
    prepare: Prepare,
    opts: AddOptions,
  ): Promise<number> {
    let quoteId: number | null = null;
    try {
      return await app.sessions.transaction(request, async (tx, current) => {
        quoteId = await ensureOpenQuote(tx, request, current);
        return addToQuote(tx, quoteId, product, form, prepare, opts);
      });
    } finally {
      if (quoteId !== null) app.cartViews.invalidate(quoteId);
    }
  }

  /** Inserts the item in the open quote (or finds the one this request id already added). */
  async function addToQuote(
    tx: AppDb,
    quoteId: number,
    product: { row: ProductRow; definition: ProductDefinition },
    form: Record<string, unknown>,
    prepare: Prepare,
    opts: AddOptions,
  ): Promise<number> {
    if (opts.requestId) {
      const existing = await findItemByRequest(tx, quoteId, opts.requestId);
      if (existing !== null) return existing;
    }
    const item = prepare(await quoteUploads(tx, quoteId));
    const itemId = await insertItem(tx, {
      quoteId,
      productId: product.row.id,
      productVersion: product.row.version,
      options: item.options,
      form,
      priceCents: item.priceCents,
      origin: opts.origin ?? null,
      originId: opts.originId ?? null,
      requestId: opts.requestId ?? null,
    });
    await linkFilesToItem(tx, quoteId, itemId, item.fileIds);
    await touchQuote(tx, quoteId);
    return itemId;
  }

  /** The session's open quote id, or 404 when it has none (nothing to change). */
  async function currentQuote(request: FastifyRequest): Promise<number> {
    const { session } = requireSession(request);
    if (session.quoteId === null || !(await isOpenQuote(db, session.quoteId))) {
      throw new CartError(404, 'item_not_found');
    }
    return session.quoteId;
  }

  return {
    async addFixed(request, kind, form, opts = {}) {
      const product = await offered(request, FIXED_KINDS[kind], 'fixed');
      const prepared = prepareFixed(product.definition, form);
      // The properties search may come from a Nota Simple (proviene_de_ns): keep where it came from.
      const search = kind === 'qp' ? (form as PropertiesSearchForm) : null;
      const origin = { origin: search?.origin, originId: search?.origin_id };
      return add(request, product, form, () => prepared, { ...origin, ...opts });
    },

    async addGeneric(request, form, opts = {}) {
      const product = await offered(request, form.product_id, 'generic');
      return add(request, product, form, prepareGeneric(product.definition, form), {
        origin: form.origin,
        originId: form.origin_id,
        ...opts,
      });
    },

    async update(request, itemId, rawForm) {
      const quoteId = await currentQuote(request);
      const item = await findOpenQuoteItem(db, quoteId, itemId);
      if (!item) throw new CartError(404, 'item_not_found');
      const fixed = Object.entries(FIXED_KINDS).find(([, id]) => id === item.productId)?.[0] as
        | FixedKind
        | undefined;
      const product = await offered(request, item.productId, fixed ? 'fixed' : 'generic');
      if (!isEditableProduct(item.productId) || !product.row.editable) {
        throw new CartError(403, 'product_not_editable');
      }
      const parsed = z.safeParse(formSchemaForProduct(item.productId), rawForm);
      if (!parsed.success) throw invalidForm(withFormPrefix(toFieldErrors(parsed.error.issues)));
      const form = parsed.data as FixedForm | GenericForm;
      let prepare: Prepare;
      if (fixed) {
        const prepared = prepareFixed(product.definition, form as FixedForm);
        prepare = () => prepared;
      } else {
        const generic = form as GenericForm;
        if (generic.product_id !== item.productId) {
          throw invalidForm([{ path: 'form.product_id', message: 'wrong_product' }]);
        }
        prepare = prepareGeneric(product.definition, generic);
      }
      await changing(quoteId, () =>
        db.transaction(async (tx) => {
          const prepared = prepare(await quoteUploads(tx, quoteId));
          await updateItem(tx, itemId, {
            options: prepared.options,
            form: form as Record<string, unknown>,
            priceCents: prepared.priceCents,
            productVersion: product.row.version,
          });
          await linkFilesToItem(tx, quoteId, itemId, prepared.fileIds);
          await touchQuote(tx, quoteId);
        }),
      );
    },

    async remove(request, itemId) {
      const quoteId = await currentQuote(request);
      const removed = await changing(quoteId, () =>
        db.transaction(async (tx) => {
          const count = await deleteItemTree(tx, quoteId, itemId);
          if (count > 0) await touchQuote(tx, quoteId);
          return count;
        }),
      );
      if (removed === 0) throw new CartError(404, 'item_not_found');
    },

    async openQuote(request) {
      return app.sessions.transaction(request, (tx, current) => ensureOpenQuote(tx, request, current));
    },
  };
}

export const cartPlugin = fp(
  async (app) => {
    app.decorate('cart', createCartService(app));
  },
  { name: 'cart', dependencies: ['database', 'catalog', 'sessions', 'cart-views'] },
);
