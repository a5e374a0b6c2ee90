import type { ProductDefinition } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { ProductRow } from '../catalog/catalog.repository.ts';
import { mergeSessionData } from '../session/session.repository.ts';
import type { Session } from '../session/session.service.ts';
import { storeAddOns } from './add-on-lines.ts';
import {
  countItems,
  findItemByRequest,
  insertItemSql,
  insertItemVersioned,
  linkFilesToItem,
  type NewQuoteItem,
  quoteUploads,
} from './cart.repository.ts';
import type { AddOptions, AddResult, Visitor } from './cart.service.ts';
import { type CartItemRow, storedItemRow } from './cart-view.ts';
import type { createCartViewCache } from './cart-view-cache.ts';
import type { PreparedItem } from './generic-items.ts';

/** Items one cart may hold: bounds what an anonymous session can store; a real order has a handful. */
export const MAX_CART_ITEMS = 30;

export type Prepare = (uploads: ReadonlyMap<number, string>) => PreparedItem;
export type OfferedProduct = { row: ProductRow; definition: ProductDefinition };

/** An add's item as its row stores it (the quote aside). */
function itemValues(
  product: OfferedProduct,
  item: PreparedItem,
  form: Record<string, unknown>,
  opts: AddOptions,
): Omit<NewQuoteItem, 'quoteId'> & Pick<CartItemRow, 'productId' | 'options' | 'form' | 'priceCents'> {
  return {
    productId: product.row.id,
    productVersion: product.row.version,
    options: item.options,
    form,
    priceCents: item.priceCents,
    origin: opts.origin ?? null,
    originId: opts.originId ?? null,
    requestId: opts.requestId ?? null,
  };
}

/** The cart's add (cart.service.ts addFixed, addGeneric) once the product and its item's preparation are known. */
export function createAdd(app: FastifyInstance, views: ReturnType<typeof createCartViewCache>) {
  /** The answer of an add that made the cart with its one item: the cart's view is known whole. */
  async function seeded(
    row: { id: number; created_at: string },
    session: Session,
    values: ReturnType<typeof itemValues>,
  ): Promise<AddResult> {
    if (session.quoteId !== null && session.quoteVersion !== null) {
      const only = { ...values, id: row.id, quoteId: session.quoteId, createdAt: new Date(row.created_at) };
      await views.seed(session.quoteId, session.quoteVersion, [storedItemRow(only)]);
    }
    return { ok: true, itemId: row.id, session };
  }

  async function add(
    visitor: Visitor,
    product: OfferedProduct,
    form: Record<string, unknown>,
    prepare: Prepare,
    opts: AddOptions,
  ): Promise<AddResult> {
    // An add of one line (no add-on, no upload) that makes the cart: a new visitor's (the session, its
    // open quote and the item) or a stored session's without an open quote (a returning customer's
    // next cart: the quote linked to the session and the item), in one statement, without a
    // transaction (issue 22). The quote never exists without its item, so the version it is made with
    // is its first view's. A stored session changed meanwhile answers null: the write below.
    if (!visitor.session.stored || visitor.session.quoteVersion === null) {
      const item = prepare(new Map());
      if ((item.addOns ?? []).length === 0 && item.fileIds.length === 0) {
        const values = itemValues(product, item, form, opts);
        // A new cart leaves an earlier failed payment (issue 17 item 5), as the write below does.
        const data: Record<string, unknown> =
          visitor.session.data.invalidPayment === true ? { invalidPayment: false } : {};
        const made = await app.sessions.storeWithQuote<{ id: number; created_at: string }>(
          visitor.session,
          visitor.store.id,
          (quote) => insertItemSql(values, sql`${quote}.id`, quote),
          data,
        );
        if (made) return seeded(made.row, made.session, values);
      }
    }
    const { result: added, session } = await app.sessions.writeQuote<{ id: number; only?: CartItemRow }>(
      visitor.session,
      visitor.store.id,
      async (tx, sessionId, quote) => {
        const quoteId = quote.id;
        if (!quote.created) {
          if (opts.requestId) {
            const existing = await findItemByRequest(tx, quoteId, opts.requestId);
            if (existing !== null) return { result: { id: existing }, quoteVersion: null };
          }
          // Counted inside the write, which holds the session's row: concurrent adds count one after the other.
          const count = await countItems(tx, quoteId);
          if (count >= MAX_CART_ITEMS) throw new AppError('conflict', 'tooManyItems');
        }
        const item = prepare(quote.created ? new Map() : await quoteUploads(tx, quoteId));
        const values = itemValues(product, item, form, opts);
        const inserted = await insertItemVersioned(tx, { quoteId, ...values });
        const id = inserted.id;
        await linkFilesToItem(tx, quoteId, id, item.fileIds);
        // A new cart leaves an earlier failed payment: its order stays payable from the orders page,
        // and the next checkout makes a new order (issue 17 item 5).
        const data = visitor.session.data.invalidPayment === true ? { invalidPayment: false } : undefined;
        if (data) await mergeSessionData(tx, sessionId, data);
        const addOns = item.addOns ?? [];
        await storeAddOns(tx, await app.catalog.snapshot(), quoteId, id, addOns, false);
        // Each add-on line bumps the version again: the session is then read again for it.
        if (addOns.length > 0) return { result: { id }, quoteVersion: null, ...(data ? { data } : {}) };
        // A quote this write made holds this item only: its cart is known whole.
        const only = quote.created
          ? storedItemRow({ ...values, id, quoteId, createdAt: inserted.createdAt })
          : undefined;
        return {
          result: { id, ...(only ? { only } : {}) },
          quoteVersion: inserted.version,
          ...(data ? { data } : {}),
        };
      },
    );
    // Once committed: a rolled-back version would be taken again by the next write, with other items.
    if (added.only && session.quoteId !== null && session.quoteVersion !== null) {
      await views.seed(session.quoteId, session.quoteVersion, [added.only]);
    }
    return { ok: true, itemId: added.id, session };
  }
  return add;
}
