import {
  formatEuros,
  type ItemOption,
  type LocatedProperty,
  type LocatedSearch,
  locatedProductForSearch,
  PRODUCT_IDS,
} from '@shop/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { locatedResults, orderItems, orders, quotes, stores } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { translate } from '../../http/translate.ts';
import { insertItem } from '../cart/cart.repository.ts';
import { itemOption } from '../cart/item-options.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { queueMail } from '../mail/mail.service.ts';
import { type Actor, recordAudit } from './audit.ts';
import {
  propertyOptions,
  quoteStates,
  recordView,
  sameProperties,
  searchedHolder,
  searchView,
} from './located-views.ts';

/**
 * Located properties (issue 10 item 3; spec 1, 9: "12 euros plus 20.76 euros
 * per located property"). When the operator records what a paid properties
 * search found, each property becomes a child item, at the located product's
 * price, of the 18324 request (price 0) in a NEW open quote of the order's
 * customer; the customer is mailed the link to it (payment/quote/{quote_id})
 * and pays it through the normal checkout, or cancels it ('Cancelar pedido').
 * Nothing found: the customer is told, and nothing more is charged. One record
 * per search item: recording again answers the first record when it is the
 * same, and 409 otherwise, so a search never gets two quotes.
 */

type OrderRow = typeof orders.$inferSelect;

/** The order's properties searches and what was recorded for each (the order detail's panel). */
export async function locatedSearches(
  db: AppDb,
  catalog: CatalogSnapshot,
  orderId: string,
): Promise<LocatedSearch[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const items = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.parentId} is null`))
    .orderBy(asc(orderItems.id));
  const searches = items.flatMap((item) => {
    const located = locatedProductForSearch(item.productId, item.form);
    return located === null ? [] : [{ item, located }];
  });
  if (searches.length === 0) return [];
  const rows = await db
    .select()
    .from(locatedResults)
    .where(
      inArray(
        locatedResults.orderItemId,
        searches.map((s) => s.item.id),
      ),
    );
  const states = await quoteStates(
    db,
    rows.flatMap((r) => (r.quoteId === null ? [] : [r.quoteId])),
  );
  const byItem = new Map(rows.map((r) => [r.orderItemId, r]));
  return searches.map(({ item, located }) => {
    const row = byItem.get(item.id);
    const record = row ? recordView(row, row.quoteId === null ? undefined : states.get(row.quoteId)) : null;
    return searchView(item, located, catalog.products.get(located)?.row.priceCents ?? 0, record);
  });
}

export interface RecordLocatedInput {
  orderId: string;
  itemId: number;
  properties: LocatedProperty[];
  /** The store's origin as customers reach it, e.g. https://shop.example (the mail's link); '': the store's homepage. */
  baseUrl: string;
  /** The storefront's application prefix (env APP_PREFIX, '/app'). */
  appPrefix: string;
}

/** The mail telling the customer what the search found (the link to the quote), or that it found nothing. */
async function queueLocatedMail(
  tx: AppDb,
  order: OrderRow,
  store: StoreRow | undefined,
  input: {
    holder: string;
    properties: LocatedProperty[];
    lines: (property: LocatedProperty) => string[];
    priceCents: number;
    link: string;
  },
): Promise<number> {
  const language = store?.language ?? 'es';
  const portal = store?.portalName ?? '';
  const count = input.properties.length;
  if (count === 0) {
    const vars = { orderId: order.id, holder: input.holder, portal };
    return queueMail(tx, {
      storeId: order.storeId,
      to: order.email,
      subject: translate(language, 'locatedNoneMail.subject', vars),
      text: translate(language, 'locatedNoneMail.text', vars),
    });
  }
  // Each property as its item options read ('Titular: …', 'Municipio: …'), numbered.
  const list = input.properties.map((p, i) => `${i + 1}. ${input.lines(p).join(' · ')}`).join('\n');
  const vars = {
    orderId: order.id,
    count,
    list,
    price: formatEuros(input.priceCents, language),
    total: formatEuros(input.priceCents * count, language),
    link: input.link,
    portal,
  };
  return queueMail(tx, {
    storeId: order.storeId,
    to: order.email,
    subject: translate(language, 'locatedMail.subject', vars),
    text: translate(language, 'locatedMail.text', vars),
  });
}

/**
 * Records what a paid search found, in one transaction with the order locked:
 * the record, the new quote with the 18324 request and a child item per
 * property, the mail and the audit row.
 */
export async function recordLocatedProperties(
  db: AppDb,
  catalog: CatalogSnapshot,
  actor: Actor,
  input: RecordLocatedInput,
): Promise<LocatedSearch> {
  const request = catalog.products.get(PRODUCT_IDS.locatedPropertyRequest);
  if (!request) throw new Error('the catalogue has no located-property request product (18324)');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound();
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, input.itemId), eq(orderItems.orderId, order.id)));
    if (!item) throw notFound();
    const locatedId = locatedProductForSearch(item.productId, item.form);
    const located = locatedId === null ? undefined : catalog.products.get(locatedId);
    // Only a search's item, of an order that was paid (the work starts once paid).
    if (locatedId === null || !located || item.parentId !== null) throw new AppError('conflict', 'conflict');
    if (!order.status.startsWith('complete_')) throw new AppError('conflict', 'transitionRefused');
    const priceCents = located.row.priceCents;

    const [existing] = await tx.select().from(locatedResults).where(eq(locatedResults.orderItemId, item.id));
    if (existing) {
      if (!sameProperties(existing.properties, input.properties)) throw new AppError('conflict', 'conflict');
      const states = await quoteStates(tx, existing.quoteId === null ? [] : [existing.quoteId]);
      const record = recordView(
        existing,
        existing.quoteId === null ? undefined : states.get(existing.quoteId),
      );
      return searchView(item, locatedId, priceCents, record);
    }

    const properties = input.properties.map((p) => ({
      titular: p.titular.trim(),
      municipio: p.municipio.trim(),
      registro: p.registro.trim(),
      finca: p.finca.trim(),
      idufir: p.idufir.trim(),
      direccion: p.direccion.trim(),
    }));
    const holder = searchedHolder(item);
    const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
    let quoteId: number | null = null;
    if (properties.length > 0) {
      const [quote] = await tx
        .insert(quotes)
        .values({ storeId: order.storeId, customerId: order.customerId, status: 'open' })
        .returning({ id: quotes.id });
      if (!quote) throw new Error('located quote insert returned nothing');
      quoteId = quote.id;
      const searchLabel = translate(store?.language ?? 'es', 'locatedMail.searchOrder');
      const holderOption = request.definition?.options[0];
      const requestOptions: ItemOption[] = [
        { option_id: 0, value: order.id, option_value: null, print_value: order.id, label: searchLabel },
        ...(holderOption && holder ? [itemOption(holderOption, holder)] : []),
      ];
      const parentId = await insertItem(tx, {
        quoteId,
        productId: request.row.id,
        productVersion: request.row.version,
        options: requestOptions,
        form: { search_order_id: order.id, search_item_id: item.id, titular: holder },
        priceCents: 0,
        origin: 'located',
        originId: String(item.id),
      });
      for (const property of properties) {
        await insertItem(tx, {
          quoteId,
          productId: located.row.id,
          productVersion: located.row.version,
          parentId,
          options: propertyOptions(located, property),
          form: property,
          priceCents,
          origin: 'located',
          originId: String(item.id),
        });
      }
    }
    const base = input.baseUrl || (store?.homepage ?? '').replace(/\/+$/, '');
    const link = `${base}${input.appPrefix}/payment/quote/${quoteId}?store_id=${order.storeId}`;
    const lines = (property: LocatedProperty) =>
      propertyOptions(located, property).map((o) => `${o.label}: ${o.print_value}`);
    const mailId = await queueLocatedMail(tx, order, store, { holder, properties, lines, priceCents, link });
    const [row] = await tx
      .insert(locatedResults)
      .values({ orderId: order.id, orderItemId: item.id, quoteId, properties, mailId })
      .returning();
    if (!row) throw new Error('located result insert returned nothing');
    await recordAudit(tx, actor, {
      action: properties.length > 0 ? 'order.located_recorded' : 'order.located_none',
      entity: 'order',
      entityId: order.id,
      after: { item_id: item.id, found: properties.length, quote_id: quoteId },
      details: { mail_id: mailId },
    });
    const record = recordView(row, quoteId === null ? undefined : { status: 'open', items: 1 });
    return searchView(item, locatedId, priceCents, record);
  });
}
