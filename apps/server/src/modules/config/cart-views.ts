import { type Cart, CartSchema } from '@shop/domain';
import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from '../../db/read-cache.ts';
import { checkOnce } from '../../http/checked-answers.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { EMPTY_CART, loadCart } from './cart-view.ts';

const EMPTY_VIEW = checkOnce(CartSchema, EMPTY_CART);

declare module 'fastify' {
  interface FastifyInstance {
    cartViews: CartViewService;
  }
}

/**
 * The cart of the runtime config, read on nearly every API answer, kept in
 * memory per quote and served without a query when it is known to be current:
 *
 * - PGlite (one process sees every write): the view is current until
 *   `invalidate(quoteId)`. EVERY change of a quote or its items (add, update,
 *   remove, the quote being ordered) must call it after its transaction.
 * - PostgreSQL (several instances may write): the session query reads the open
 *   quote's row version with the session (SessionRecord.quoteVersion); a view
 *   is served only when it was read at that same version, so a change made by
 *   any instance shows at once. Every change of a quote's items must touch the
 *   quote row (touchQuote), which gives it a new version.
 */
export interface CartViewService {
  /** The session's cart: EMPTY_CART without an open quote. */
  get(session: { quoteId: number | null; quoteVersion: string | null }): Promise<Cart>;
  /** Forget the view of a quote whose quote row or items changed. */
  invalidate(quoteId: number): void;
}

const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 5_000;

interface Entry {
  cart: Cart;
  version: string | null;
  /** Product names and flags come from the catalogue: a new snapshot means a new view. */
  catalog: CatalogSnapshot;
}

export const cartViewsPlugin = fp(
  async (app) => {
    const validated = app.database.kind !== 'pglite';
    const cache: ReadCache<number, Entry> = createReadCache({
      maxEntries: CACHE_MAX_ENTRIES,
      ttlMs: CACHE_TTL_MS,
    });

    const service: CartViewService = {
      async get({ quoteId, quoteVersion }) {
        if (quoteId === null || (validated && quoteVersion === null)) return EMPTY_VIEW;
        const catalog = await app.catalog.snapshot();
        const cached = cache.get(quoteId);
        if (cached && cached.catalog === catalog && (!validated || cached.version === quoteVersion)) {
          return cached.cart;
        }
        const ticket = cache.ticket();
        const { cart, version } = await loadCart(app.db, quoteId, catalog);
        // Kept under the version it was read at, which a later session read may name.
        const view = checkOnce(CartSchema, cart);
        cache.set(quoteId, { cart: view, version, catalog }, ticket);
        return view;
      },
      invalidate(quoteId) {
        cache.invalidate(quoteId);
      },
    };
    app.decorate('cartViews', service);
  },
  { name: 'cart-views', dependencies: ['database', 'catalog'] },
);
