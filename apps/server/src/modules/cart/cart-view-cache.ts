import { type Cart, CartSchema } from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { checkOnce } from '../../http/checked-answers.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { type CartItemRow, cartOf, EMPTY_CART, loadCart } from './cart-view.ts';

const EMPTY_VIEW = checkOnce(CartSchema, EMPTY_CART);
const MAX_ENTRIES = 5_000;

interface Entry {
  version: number;
  /** Product names and flags come from the catalogue: a new snapshot means a new view. */
  catalog: CatalogSnapshot;
  cart: Cart;
}

/** What the cart view needs of a session: its quote and the version the session read. */
export interface QuoteRef {
  quoteId: number | null;
  quoteVersion: number | null;
}

/**
 * The cart of the runtime config, read on nearly every API answer. One rule on
 * PGlite and PostgreSQL alike: the session query reads its open quote's version
 * (quotes.version, bumped by every write of the cart repository), and a view
 * kept in memory is served only for that same version, so a change made by any
 * instance shows at the next read and nothing has to be invalidated by hand.
 */
export function createCartViewCache(db: AppDb, catalog: CatalogService) {
  const entries = new Map<number, Entry>();
  return {
    async get({ quoteId, quoteVersion }: QuoteRef): Promise<Cart> {
      if (quoteId === null || quoteVersion === null) return EMPTY_VIEW;
      const snapshot = await catalog.snapshot();
      const cached = entries.get(quoteId);
      if (cached && cached.version === quoteVersion && cached.catalog === snapshot) return cached.cart;
      const { cart, version } = await loadCart(db, quoteId, snapshot);
      const view = checkOnce(CartSchema, cart);
      // Kept under the version read with the items, which a later session read may name.
      if (version !== null) {
        entries.delete(quoteId);
        entries.set(quoteId, { version, catalog: snapshot, cart: view });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
      }
      return view;
    },

    /**
     * Keeps the view of a quote's version its writer knows whole (a quote made
     * by the write that added its only item), so the answer's cart is not read
     * back (issue 22). A view of a version never changes: any instance reading
     * that version would build the same one.
     */
    async seed(quoteId: number, version: number, rows: readonly CartItemRow[]): Promise<void> {
      const snapshot = await catalog.snapshot();
      entries.delete(quoteId);
      entries.set(quoteId, {
        version,
        catalog: snapshot,
        cart: checkOnce(CartSchema, cartOf(quoteId, rows, snapshot)),
      });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
    },
  };
}
