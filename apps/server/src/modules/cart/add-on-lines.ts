import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { quoteItems } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { insertItem } from './cart.repository.ts';
import type { PreparedAddOn } from './generic-items.ts';

/**
 * The related products ticked with a generic item, each stored as its own quote
 * item, a child of the item (ADR 027): the cart, the order and the invoice then
 * show it as its own line, priced and taxed as that product (its official fee
 * outside the VAT base). `replace` first removes the item's previous add-ons
 * (an edit whose answers changed); removing the item removes them with it.
 */
export async function storeAddOns(
  tx: AppDb,
  catalog: CatalogSnapshot,
  quoteId: number,
  parentId: number,
  addOns: readonly PreparedAddOn[],
  replace: boolean,
): Promise<void> {
  if (replace) {
    await tx
      .delete(quoteItems)
      .where(and(eq(quoteItems.quoteId, quoteId), eq(quoteItems.parentId, parentId)));
  }
  for (const addOn of addOns) {
    const product = catalog.products.get(addOn.productId)?.row;
    // A definition naming a related product that is not in the catalogue is an operator's mistake.
    if (!product) throw new AppError('not_allowed', 'productNotOffered');
    await insertItem(tx, {
      quoteId,
      productId: product.id,
      productVersion: product.version,
      parentId,
      options: [],
      form: {},
      priceCents: addOn.priceCents,
    });
  }
}

/**
 * Before an add-on line is removed on its own: its parent's stored form stops
 * naming it, so editing the parent later does not bring it back.
 */
export async function forgetAddOn(tx: AppDb, quoteId: number, itemId: number): Promise<void> {
  const [item] = await tx
    .select({ parentId: quoteItems.parentId, productId: quoteItems.productId })
    .from(quoteItems)
    .where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, quoteId)));
  if (item?.parentId == null) return;
  const [parent] = await tx
    .select({ form: quoteItems.form })
    .from(quoteItems)
    .where(and(eq(quoteItems.id, item.parentId), eq(quoteItems.quoteId, quoteId)));
  const related = parent?.form.related_product_ids;
  if (!parent || !Array.isArray(related)) return;
  const form = { ...parent.form, related_product_ids: related.filter((id) => id !== item.productId) };
  await tx.update(quoteItems).set({ form }).where(eq(quoteItems.id, item.parentId));
}
