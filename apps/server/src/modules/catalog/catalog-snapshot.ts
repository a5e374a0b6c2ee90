import { type AutoProduct, type ProductDefinition, ProductDefinitionSchema } from '@shop/domain';
import type { ProductRow, StoreRow } from './catalog.repository.ts';

export interface CatalogProduct {
  row: ProductRow;
  /** Null when the stored definition does not parse (logged; the product is then not offered). */
  definition: ProductDefinition | null;
}

/** Stores and products as read at one moment; immutable, replaced on reload. */
export interface CatalogSnapshot {
  stores: ReadonlyMap<number, StoreRow>;
  /** Host names of the `stores.hostnames` column -> store id. */
  storeByHost: ReadonlyMap<string, number>;
  products: ReadonlyMap<number, CatalogProduct>;
  /** Per store id: the generic products offered there (the runtime config's auto_products). */
  autoProducts: ReadonlyMap<number, AutoProduct[]>;
  invalidDefinitions: number[];
}

/**
 * The product columns the back office edits (name, price, fee) win over the
 * copies inside the definition document, so both can never disagree.
 */
function parseDefinition(row: ProductRow): ProductDefinition | null {
  const stored = typeof row.definition === 'object' && row.definition !== null ? row.definition : {};
  const result = ProductDefinitionSchema.safeParse({
    ...stored,
    product_id: row.id,
    name: row.name,
    ...(row.shortName ? { short_name: row.shortName } : {}),
    price: row.priceCents,
    official_fee: row.officialFeeCents,
  });
  return result.success ? result.data : null;
}

/** Offered by a store = listed in the product's `stores`. */
export function isOfferedBy(product: ProductRow, storeId: number): boolean {
  return product.stores.includes(storeId);
}

export function buildSnapshot(storeRows: StoreRow[], productRows: ProductRow[]): CatalogSnapshot {
  const stores = new Map(storeRows.map((s) => [s.id, s]));
  const storeByHost = new Map<string, number>();
  for (const store of storeRows) {
    for (const host of store.hostnames) storeByHost.set(host.toLowerCase(), store.id);
  }
  const products = new Map<number, CatalogProduct>();
  const invalidDefinitions: number[] = [];
  for (const row of productRows) {
    const definition = parseDefinition(row);
    if (!definition) invalidDefinitions.push(row.id);
    products.set(row.id, { row, definition });
  }
  const autoProducts = new Map<number, AutoProduct[]>();
  for (const store of storeRows) {
    autoProducts.set(
      store.id,
      productRows
        .filter((p) => p.kind === 'generic' && isOfferedBy(p, store.id))
        .map((p) => ({
          product_id: p.id,
          name: p.name,
          stores: p.stores,
          visible: p.visible,
          visible_on_services: p.visibleOnServices,
          price: p.priceCents,
        })),
    );
  }
  return { stores, storeByHost, products, autoProducts, invalidDefinitions };
}
