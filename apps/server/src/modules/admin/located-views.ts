/** The located properties' helpers: a property's item options, the searched holder, the quotes' states, the record and the search as the back office reads them. */

import type { ItemOption, LocatedProperty, LocatedRecord, LocatedSearch } from '@shop/domain';
import { inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { type locatedResults, type orderItems, quoteItems, quotes } from '../../db/schema/index.ts';
import { itemOption } from '../cart/item-options.ts';
import type { CatalogProduct } from '../catalog/catalog-snapshot.ts';

/** The located product's options by meaning, in the seed's order (located.ts: holder, municipality, registry, finca, IDUFIR, address). */
const PROPERTY_FIELDS = ['titular', 'municipio', 'registro', 'finca', 'idufir', 'direccion'] as const;

type OrderItemRow = typeof orderItems.$inferSelect;
type ResultRow = typeof locatedResults.$inferSelect;

/** A located property's item options: each answered field as the located product's option. */
export function propertyOptions(product: CatalogProduct, property: LocatedProperty): ItemOption[] {
  const options = product.definition?.options ?? [];
  return PROPERTY_FIELDS.flatMap((field, index) => {
    const option = options[index];
    const value = property[field].trim();
    return option && value !== '' ? [itemOption(option, value)] : [];
  });
}

/** The holder a search looked for (the properties search form, else the generic answers). */
export function searchedHolder(item: OrderItemRow): string {
  const form = item.form as Record<string, unknown>;
  for (const key of ['nombre_persona', 'nombre_empresa', 'nombre', 'titular']) {
    const value = form[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** Same properties, field by field (a repeated call, e.g. a double click, answers the first record). */
export function sameProperties(a: readonly LocatedProperty[], b: readonly LocatedProperty[]): boolean {
  return (
    a.length === b.length && a.every((p, i) => PROPERTY_FIELDS.every((f) => p[f].trim() === b[i]?.[f].trim()))
  );
}

/** The record as the back office reads it, with the state of its quote. */
export function recordView(
  row: ResultRow,
  quote: { status: string; items: number } | undefined,
): LocatedRecord {
  let status: LocatedRecord['quote_status'] = 'none';
  if (row.properties.length > 0) {
    if (quote?.status === 'ordered') status = 'ordered';
    else if (quote?.status === 'open' && quote.items > 0) status = 'open';
    else status = 'cancelled';
  }
  return {
    properties: row.properties,
    quote_id: row.quoteId,
    quote_status: status,
    mail_id: row.mailId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function quoteStates(db: AppDb, quoteIds: number[]) {
  const states = new Map<number, { status: string; items: number }>();
  if (quoteIds.length === 0) return states;
  const rows = await db
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(inArray(quotes.id, quoteIds));
  const counts = await db
    .select({ quoteId: quoteItems.quoteId, n: sql<number>`count(*)::int` })
    .from(quoteItems)
    .where(inArray(quoteItems.quoteId, quoteIds))
    .groupBy(quoteItems.quoteId);
  const byQuote = new Map(counts.map((c) => [c.quoteId, Number(c.n)]));
  for (const row of rows) states.set(row.id, { status: row.status, items: byQuote.get(row.id) ?? 0 });
  return states;
}

export function searchView(
  item: OrderItemRow,
  located: number,
  priceCents: number,
  record: LocatedRecord | null,
) {
  return {
    item_id: item.id,
    product_id: item.productId,
    located_product_id: located,
    price_cents: priceCents,
    record,
  } satisfies LocatedSearch;
}
