import type { Cart } from '@shop/domain';
import fp from 'fastify-plugin';
import { createNoCache, createReadCache, type ReadCache } from '../../db/read-cache.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { EMPTY_CART, loadCart } from './cart-view.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cartViews: CartViewService;
  }
}

/**
 * The cart of the runtime config, read on nearly every API answer. On PGlite
 * (one process sees every write) the view of each quote is kept in memory;
 * EVERY change to a quote or its items (add, update, remove, the quote being
 * ordered) must call `invalidate(quoteId)` after its transaction. On
 * PostgreSQL nothing is cached: another instance may have changed the quote.
 */
export interface CartViewService {
  /** The open quote's cart (EMPTY_CART for null, an unknown or a no longer open quote). */
  get(quoteId: number | null): Promise<Cart>;
  /** Forget the view of a quote whose quote row or items changed. */
  invalidate(quoteId: number): void;
}

const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 5_000;

/** Nested arrays and objects frozen: a cached view is shared by every answer that serves it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const cartViewsPlugin = fp(
  async (app) => {
    // The catalogue snapshot is part of the key: product names and flags come from it.
    const cache: ReadCache<number, { cart: Cart; catalog: CatalogSnapshot }> =
      app.database.kind === 'pglite'
        ? createReadCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: CACHE_TTL_MS })
        : createNoCache();

    const service: CartViewService = {
      async get(quoteId) {
        if (quoteId === null) return EMPTY_CART;
        const catalog = await app.catalog.snapshot();
        const cached = cache.get(quoteId);
        if (cached && cached.catalog === catalog) return cached.cart;
        const ticket = cache.ticket();
        const cart = deepFreeze(await loadCart(app.db, quoteId, catalog));
        cache.set(quoteId, { cart, catalog }, ticket);
        return cart;
      },
      invalidate(quoteId) {
        cache.invalidate(quoteId);
      },
    };
    app.decorate('cartViews', service);
  },
  { name: 'cart-views', dependencies: ['database', 'catalog'] },
);
