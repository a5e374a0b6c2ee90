import {
  type Cart,
  type FieldError,
  formSchemaForProduct,
  type GenericForm,
  isEditableProduct,
  type ProductDefinition,
  type PropertiesSearchForm,
  toFieldErrors,
} from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { AppError, invalidData, invalidField } from '../../http/app-error.ts';
import { formWithPromise } from '../calendars/promise.service.ts';
import type { ProductRow, StoreRow } from '../catalog/catalog.repository.ts';
import { isOfferedBy } from '../catalog/catalog-snapshot.ts';
import type { LockedSession, Session } from '../session/session.service.ts';
import { forgetAddOn, storeAddOns } from './add-on-lines.ts';
import {
  deleteEmptyQuotes,
  deleteItemTree,
  findOpenQuoteItem,
  linkFilesToItem,
  quoteUploads,
  updateItem,
} from './cart.repository.ts';
import { createAdd, type OfferedProduct, type Prepare } from './cart-add.ts';
import { createCartViewCache, type QuoteRef } from './cart-view-cache.ts';
import { FIXED_KINDS, type FixedForm, type FixedKind, prepareFixed } from './fixed-items.ts';
import { type PreparedItem, prepareGenericItem } from './generic-items.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cart: CartService;
  }
}

/** Who changes the cart: their session and the store the request is for (plain data, no HTTP). */
export interface Visitor {
  session: Session;
  store: StoreRow;
}

/** What an add call stores besides the item: the idempotency key and the item it comes from. */
export interface AddOptions {
  requestId?: string | undefined;
  origin?: string | undefined;
  originId?: string | undefined;
}

/**
 * An add either stores the item, or is refused for a business reason the
 * customer should read politely (spec 2 "Polite modal"): the product exists but
 * this store does not sell it.
 */
export type AddResult =
  | { ok: true; itemId: number; session: Session }
  | { ok: false; reason: 'product_not_offered'; productName: string };

export interface CartService {
  /** Adds a fixed product's item (addns, addqp, addcertidao, addipredial). */
  addFixed(visitor: Visitor, kind: FixedKind, form: FixedForm, opts?: AddOptions): Promise<AddResult>;
  /** Adds a generic product's item (addgeneric, addgenericWithAssociation). */
  addGeneric(visitor: Visitor, form: GenericForm, opts?: AddOptions): Promise<AddResult>;
  /** Replaces an item's form, options and price (updatequoteitem); answers the session as committed. */
  update(visitor: Visitor, itemId: number, form: unknown): Promise<Session>;
  /** Removes an item and its children (delquoteitem); answers the session as committed. */
  remove(visitor: Visitor, itemId: number): Promise<Session>;
  /** The session's open quote, created when missing (uploads before the first item). */
  openQuote(visitor: Visitor): Promise<{ quoteId: number; session: Session }>;
  /** The session's cart (spec 3 cart items), from memory while its quote's version is unchanged. */
  view(session: QuoteRef): Promise<Cart>;
  /** Removes open quotes untouched since `before` that hold no item and no file; answers how many. */
  removeEmptyQuotes(before: Date): Promise<number>;
}

const withFormPrefix = (errors: FieldError[]) => errors.map((e) => ({ ...e, path: `form.${e.path}` }));

function prepareGeneric(definition: ProductDefinition, form: GenericForm): Prepare {
  return (uploads) => {
    const result = prepareGenericItem(definition, form, uploads);
    if (!result.ok) throw invalidData(withFormPrefix(result.errors));
    return result.item;
  };
}

const itemNotFound = () => new AppError('not_found', 'itemNotFound');

export { MAX_CART_ITEMS } from './cart-add.ts';

export function createCartService(app: FastifyInstance): CartService {
  const db = app.db;
  const views = createCartViewCache(db, app.catalog);

  /** The product of an add: of the expected kind with a readable definition (else 400), sold by the store (else a refusal). */
  async function productFor(store: StoreRow, productId: number, kind: ProductRow['kind'], path: string) {
    const product = (await app.catalog.snapshot()).products.get(productId);
    if (!product?.definition || product.row.kind !== kind) throw invalidField(path, 'invalid_option');
    const offered: OfferedProduct = { row: product.row, definition: product.definition };
    return { offered, sold: isOfferedBy(product.row, store.id) };
  }

  /** The session's open quote for a change of an item in it; an item elsewhere is "not found". */
  function currentQuote(locked: LockedSession | undefined): number {
    if (locked?.quoteId == null || !locked.quoteOpen) throw itemNotFound();
    return locked.quoteId;
  }

  const add = createAdd(app, views);

  const refusal = (product: OfferedProduct): AddResult => ({
    ok: false,
    reason: 'product_not_offered',
    productName: product.row.name,
  });

  return {
    async addFixed(visitor, kind, form, opts = {}) {
      const { offered, sold } = await productFor(visitor.store, FIXED_KINDS[kind], 'fixed', 'form');
      if (!sold) return refusal(offered);
      const prepared = prepareFixed(offered.definition, form);
      // The delivery promise the step showed, kept when still true (ADR 034).
      form = await formWithPromise(() => app.calendars.snapshot(), offered.row.id, form);
      // The properties search may come from a Nota Simple (proviene_de_ns): keep where it came from.
      const search = kind === 'qp' ? (form as PropertiesSearchForm) : null;
      const origin = { origin: search?.origin, originId: search?.origin_id };
      return add(visitor, offered, form, () => prepared, { ...origin, ...opts });
    },

    async addGeneric(visitor, form, opts = {}) {
      const { offered, sold } = await productFor(
        visitor.store,
        form.product_id,
        'generic',
        'form.product_id',
      );
      if (!sold) return refusal(offered);
      return add(visitor, offered, form, prepareGeneric(offered.definition, form), {
        origin: form.origin,
        originId: form.origin_id,
        ...opts,
      });
    },

    async update(visitor, itemId, rawForm) {
      if (!visitor.session.stored) throw itemNotFound();
      const { session } = await app.sessions.write(
        visitor.session,
        visitor.store.id,
        async (tx, _sessionId, locked) => {
          const quoteId = currentQuote(locked);
          const item = await findOpenQuoteItem(tx, quoteId, itemId);
          if (!item) throw itemNotFound();
          const fixed = Object.values(FIXED_KINDS).includes(item.productId as never);
          const product = (await app.catalog.snapshot()).products.get(item.productId);
          if (!product?.definition || !isOfferedBy(product.row, visitor.store.id)) {
            throw new AppError('not_allowed', 'productNotOffered');
          }
          // An add-on line changes with its parent's answers, never on its own (ADR 027).
          if (!isEditableProduct(item.productId) || !product.row.editable || item.parentId !== null) {
            throw new AppError('not_allowed', 'productNotEditable');
          }
          const parsed = z.safeParse(formSchemaForProduct(item.productId), rawForm);
          if (!parsed.success) throw invalidData(withFormPrefix(toFieldErrors(parsed.error.issues)));
          let form = parsed.data as FixedForm | GenericForm;
          if (fixed) form = await formWithPromise(() => app.calendars.snapshot(), item.productId, form);
          let prepared: PreparedItem;
          if (fixed) {
            prepared = prepareFixed(product.definition, form as FixedForm);
          } else {
            const generic = form as GenericForm;
            if (generic.product_id !== item.productId) throw invalidField('form.product_id', 'wrong_product');
            prepared = prepareGeneric(product.definition, generic)(await quoteUploads(tx, quoteId));
          }
          await updateItem(tx, quoteId, itemId, {
            options: prepared.options,
            form: form as Record<string, unknown>,
            priceCents: prepared.priceCents,
            productVersion: product.row.version,
          });
          await linkFilesToItem(tx, quoteId, itemId, prepared.fileIds);
          // The ticked related products follow the new answers (ADR 027).
          if (!fixed)
            await storeAddOns(tx, await app.catalog.snapshot(), quoteId, itemId, prepared.addOns ?? [], true);
        },
      );
      return session;
    },

    async remove(visitor, itemId) {
      if (!visitor.session.stored) throw itemNotFound();
      const { session } = await app.sessions.write(
        visitor.session,
        visitor.store.id,
        async (tx, _sessionId, locked) => {
          const quoteId = currentQuote(locked);
          await forgetAddOn(tx, quoteId, itemId);
          if ((await deleteItemTree(tx, quoteId, itemId)) === 0) throw itemNotFound();
        },
      );
      return session;
    },

    async openQuote(visitor) {
      // No change of the quote: its version is read with the session.
      const { result: quoteId, session } = await app.sessions.writeQuote(
        visitor.session,
        visitor.store.id,
        async (_tx, _id, quote) => ({ result: quote.id, quoteVersion: null }),
      );
      return { quoteId, session };
    },

    view: (session) => views.get(session),
    removeEmptyQuotes: (before) => deleteEmptyQuotes(db, before),
  };
}

export const cartPlugin = fp(
  async (app) => {
    app.decorate('cart', createCartService(app));
  },
  { name: 'cart', dependencies: ['database', 'catalog', 'calendars', 'sessions'] },
);
