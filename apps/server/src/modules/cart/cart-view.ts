import { type Cart, type CartItem, isEditableProduct } from '@shop/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { quoteItems, quotes } from '../../db/schema/index.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';

/** The item columns the view shows, the stored form included (the edit dialogs start from it). */
const itemColumns = {
  id: quoteItems.id,
  quoteId: quoteItems.quoteId,
  productId: quoteItems.productId,
  parentId: quoteItems.parentId,
  qty: quoteItems.qty,
  priceCents: quoteItems.priceCents,
  options: quoteItems.options,
  form: quoteItems.form,
  createdAt: quoteItems.createdAt,
};
/** An item as the view reads it. */
export type CartItemRow = { [K in keyof typeof itemColumns]: (typeof quoteItems.$inferSelect)[K] };

export const EMPTY_CART: Cart = { quote_id: null, items: [], total: 0 };

function toCartItem(row: CartItemRow, catalog: CatalogSnapshot): CartItem {
  const product = catalog.products.get(row.productId)?.row;
  return {
    id: row.id,
    order_id: null,
    quote_id: row.quoteId,
    product_id: row.productId,
    product_name: product?.name ?? '',
    qty: row.qty,
    options: row.options,
    created_at: row.createdAt.toISOString(),
    status: 'quote',
    referencia: null,
    panel_status_id: null,
    pendingTramitation: false,
    parent_id: row.parentId,
    real_order_id: null,
    // The catalogue flag (operators) and the spec's rule (18357 is never editable) must both allow it.
    // A child line (an add-on, ADR 027) changes with its parent's answers, never on its own.
    editable: (product?.editable ?? false) && isEditableProduct(row.productId) && row.parentId === null,
    current_price: row.priceCents * row.qty,
    // The registry's fee inside the price (ADR 027): the order summary's split on every checkout screen.
    official_fee: Math.min((product?.officialFeeCents ?? 0) * row.qty, row.priceCents * row.qty),
    form: row.form,
    promised_at: typeof row.form.promesa_entrega === 'string' ? row.form.promesa_entrega : null,
    childs: [],
  };
}

/** Nests child items (a located property under its search) below their parent. */
export function nestItems(items: CartItem[]): CartItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const roots: CartItem[] = [];
  for (const item of items) {
    const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
    if (parent) parent.childs.push(item);
    else roots.push(item);
  }
  return roots;
}

/** A quote's cart and the version it was read at (null: no such open quote). */
export interface CartRead {
  cart: Cart;
  version: number | null;
}

/**
 * The open quote of a session as the runtime config's cart: items in the order
 * they were added, children nested, total = sum of every line (cents).
 */
export async function loadCart(db: AppDb, quoteId: number, catalog: CatalogSnapshot): Promise<CartRead> {
  // From the quote, so an open quote without items still answers its id; an ordered one answers none.
  const rows = await db
    .select({ version: quotes.version, item: itemColumns })
    .from(quotes)
    .leftJoin(quoteItems, eq(quoteItems.quoteId, quotes.id))
    .where(and(eq(quotes.id, quoteId), eq(quotes.status, 'open')))
    .orderBy(asc(quoteItems.id));
  if (rows.length === 0) return { cart: EMPTY_CART, version: null };
  const items = rows.flatMap((r) => (r.item ? [r.item] : []));
  return { cart: cartOf(quoteId, items, catalog), version: rows[0]?.version ?? null };
}

/** The cart of an open quote holding `rows` (in the order they were added). */
export function cartOf(quoteId: number, rows: readonly CartItemRow[], catalog: CatalogSnapshot): Cart {
  const items = rows.map((row) => toCartItem(row, catalog));
  const total = items.reduce((sum, item) => sum + item.current_price, 0);
  return { quote_id: quoteId, items: nestItems(items), total };
}

/**
 * The view's row of an item just inserted (one line, no parent): its options
 * and form as the jsonb columns give them back (JSON's values, no undefined).
 */
export function storedItemRow(item: {
  id: number;
  quoteId: number;
  productId: number;
  options: unknown;
  form: Record<string, unknown>;
  priceCents: number;
  createdAt: Date;
}): CartItemRow {
  const stored = JSON.parse(JSON.stringify({ options: item.options, form: item.form })) as Pick<
    CartItemRow,
    'options' | 'form'
  >;
  return {
    id: item.id,
    quoteId: item.quoteId,
    productId: item.productId,
    parentId: null,
    qty: 1,
    ...stored,
    priceCents: item.priceCents,
    createdAt: item.createdAt,
  };
}
