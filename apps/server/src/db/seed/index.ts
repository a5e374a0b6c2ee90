import { ProductDefinitionSchema } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { products, stores } from '../schema/index.ts';
import { seedCalendars } from './calendars.ts';
import { type CatalogueProduct, catalogue } from './catalogue/index.ts';
import { seedCompanies } from './companies.ts';
import { seedExamples } from './examples.ts';
import { seedReference } from './reference.ts';
import { storesSeed } from './stores.ts';
import { upsert } from './upsert.ts';

export { catalogue } from './catalogue/index.ts';
export type { CatalogueProduct } from './catalogue/types.ts';
export { exampleCompanies } from './companies.ts';
export { exampleRegistries, exampleSlowRegistryPlaces } from './examples.ts';
export { referenceSources } from './reference.ts';
export { type StoreSeed, storesSeed } from './stores.ts';

export interface SeedOptions {
  /**
   * Rewrite existing stores and products to the seed data (upsert by primary
   * key; a product whose data changed gets its version bumped). Default false:
   * existing rows are kept as they are, since operators edit stores (phones,
   * host names) and products in the back office and the server seeds at every
   * start; missing rows are always added.
   */
  overwrite?: boolean;
}

/** The `products` row of a catalogue entry; the stored definition is the parsed (defaults filled) one. */
export function productRow(product: CatalogueProduct): typeof products.$inferInsert {
  const definition = ProductDefinitionSchema.parse(product.definition);
  return {
    id: definition.product_id,
    kind: product.kind,
    name: definition.name,
    shortName: definition.short_name ?? '',
    priceCents: definition.price,
    officialFeeCents: definition.official_fee,
    definition,
    stores: product.stores,
    visible: product.visible,
    visibleOnServices: product.visibleOnServices,
    editable: product.editable,
  };
}

/**
 * Seeds reference data (INE / CAOP), the stores, the product catalogue and the
 * example rows of the operator-managed tables. Idempotent: running it twice
 * changes nothing. Operators are not seeded.
 */
export async function seed(db: AppDb, opts: SeedOptions = {}): Promise<void> {
  const keepExisting = !opts.overwrite;
  await seedReference(db);
  await upsert(db, stores, storesSeed, { keepExisting });
  await upsert(db, products, catalogue.map(productRow), {
    keepExisting,
    onChange: { version: sql`${products.version} + 1`, updatedAt: sql`now()` },
  });
  await seedExamples(db);
  await seedCalendars(db);
  await seedCompanies(db);
}
