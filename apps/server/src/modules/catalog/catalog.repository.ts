import { asc } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { products, stores } from '../../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export function listStores(db: AppDb): Promise<StoreRow[]> {
  return db.select().from(stores).orderBy(asc(stores.id));
}

export function listProducts(db: AppDb): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}
