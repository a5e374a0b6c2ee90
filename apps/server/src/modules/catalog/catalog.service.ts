import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import { listProducts, listStores } from './catalog.repository.ts';
import { buildSnapshot, type CatalogSnapshot } from './catalog-snapshot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

export interface CatalogService {
  /** Stores and products from memory; reloaded after `invalidate()` or when older than the TTL. */
  snapshot(): Promise<CatalogSnapshot>;
  /** Call after changing stores or products (back office) so the next read sees the change, here and (catalog-changes.ts) on every other instance. */
  invalidate(): void;
  /** Forgets the snapshot without telling anyone: another instance changed the rows. */
  forget(): void;
  /** `listener` runs after each `invalidate()` (catalog-changes.ts tells the other instances). */
  onInvalidate(listener: () => void): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Store and product rows change rarely but are read on every config call, so
 * they live in memory. Other instances learn of a change within a second
 * (catalog-changes.ts, PostgreSQL LISTEN/NOTIFY); the TTL bounds staleness if
 * a notice is ever lost. A stale snapshot is served while a fresh one loads.
 */
export function createCatalogService(db: AppDb, log: Logger, ttlMs = 60_000): CatalogService {
  let current: { snapshot: CatalogSnapshot; loadedAt: number } | null = null;
  let loading: Promise<CatalogSnapshot> | null = null;
  let generation = 0;
  const listeners: (() => void)[] = [];

  function load(): Promise<CatalogSnapshot> {
    if (loading) return loading;
    const startedGeneration = generation;
    loading = Promise.all([listStores(db), listProducts(db)])
      .then(([stores, products]) => {
        const snapshot = buildSnapshot(stores, products);
        if (snapshot.invalidDefinitions.length > 0) {
          log.warn({ productIds: snapshot.invalidDefinitions }, 'product definitions that do not parse');
        }
        // An invalidate() during the load means the rows read may be old: keep them for this caller only.
        if (startedGeneration === generation) current = { snapshot, loadedAt: Date.now() };
        return snapshot;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function forget(): void {
    generation++;
    current = null;
    loading = null;
  }

  return {
    async snapshot() {
      if (!current) return load();
      if (Date.now() - current.loadedAt > ttlMs) load().catch(() => {});
      return current.snapshot;
    },
    forget,
    invalidate() {
      forget();
      for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
  };
}

export const catalogPlugin = fp(
  async (app) => {
    app.decorate('catalog', createCatalogService(app.db, app.log));
  },
  { name: 'catalog', dependencies: ['database'] },
);
