import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import { files, quoteItems, quotes, sessions } from '../../db/schema/index.ts';

export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type NewQuoteItem = typeof quoteItems.$inferInsert;

/*
 * Every function here that changes a quote's items also bumps the quote's
 * version, inside the caller's transaction: the cart view of a version never
 * changes, so a cached view is served only for the version the session read.
 * No caller can forget it.
 */

/** Links the session to its open quote. */
export async function setSessionQuote(tx: AppDb, sessionId: string, quoteId: number | null): Promise<void> {
  await tx.update(sessions).set({ quoteId }).where(eq(sessions.id, sessionId));
}

/** A new version of the quote: its cart view changed. */
async function bumpQuote(tx: AppDb, quoteId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}

export async function findItemByRequest(
  tx: AppDb,
  quoteId: number,
  requestId: string,
): Promise<number | null> {
  const rows = await tx
    .select({ id: quoteItems.id })
    .from(quoteItems)
    .where(and(eq(quoteItems.quoteId, quoteId), eq(quoteItems.requestId, requestId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** How many items a quote holds (children included). */
export async function countItems(db: AppDb, quoteId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId));
  return row?.n ?? 0;
}

/**
 * The INSERT of an item as SQL, answering its id and created_at: for the quote
 * `quoteId` names, selected from `from` when given (a CTE that made the quote).
 */
export function insertItemSql(item: Omit<NewQuoteItem, 'quoteId'>, quoteId: SQL, from?: SQL): SQL {
  return sql`INSERT INTO ${quoteItems}
      (quote_id, product_id, product_version, parent_id, qty, options, form, price_cents, origin, origin_id, request_id)
    SELECT ${quoteId}, ${item.productId}::int, ${item.productVersion ?? 1}::int, ${item.parentId ?? null}::int,
      ${item.qty ?? 1}::int, ${JSON.stringify(item.options ?? [])}::jsonb, ${JSON.stringify(item.form ?? {})}::jsonb,
      ${item.priceCents}::int, ${item.origin ?? null}::text, ${item.originId ?? null}::text, ${item.requestId ?? null}::text
    ${from ? sql`FROM ${from}` : sql``}
    RETURNING id, created_at`;
}

/** Inserts an item and bumps its quote's version in one statement; answers the item's id, time and the quote's new version. */
export async function insertItemVersioned(
  tx: AppDb,
  item: NewQuoteItem & { quoteId: number },
): Promise<{ id: number; version: number; createdAt: Date }> {
  const [row] = await queryRows<{ id: number; version: number; created_at: Date | string }>(
    tx,
    sql`WITH item AS (${insertItemSql(item, sql`${item.quoteId}::int`)}), bumped AS (
          UPDATE ${quotes} SET version = version + 1, updated_at = now() WHERE id = ${item.quoteId}::int
          RETURNING version
        )
        SELECT item.id, item.created_at, bumped.version FROM item, bumped`,
  );
  if (!row) throw new Error('quote item insert returned nothing');
  return { id: Number(row.id), version: Number(row.version), createdAt: new Date(row.created_at) };
}

export async function insertItem(tx: AppDb, item: NewQuoteItem & { quoteId: number }): Promise<number> {
  return (await insertItemVersioned(tx, item)).id;
}

/** An item of an open quote; null when the item is not in that quote (or the quote is not open). */
export async function findOpenQuoteItem(
  db: AppDb,
  quoteId: number,
  itemId: number,
): Promise<QuoteItemRow | null> {
  const rows = await db
    .select({ item: quoteItems })
    .from(quoteItems)
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, quoteId), eq(quotes.status, 'open')))
    .limit(1);
  return rows[0]?.item ?? null;
}

export async function updateItem(
  tx: AppDb,
  quoteId: number,
  itemId: number,
  patch: Pick<NewQuoteItem, 'options' | 'form' | 'priceCents' | 'productVersion'>,
): Promise<void> {
  await tx
    .update(quoteItems)
    .set(patch)
    .where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, quoteId)));
  await bumpQuote(tx, quoteId);
}

/** Deletes an item and its descendants (located properties under a search); answers how many rows went. */
export async function deleteItemTree(tx: AppDb, quoteId: number, itemId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with recursive tree as (
          select id from quote_items where id = ${itemId} and quote_id = ${quoteId}
          union all
          select child.id from quote_items child join tree on child.parent_id = tree.id
        )
        delete from quote_items where quote_id = ${quoteId} and id in (select id from tree) returning id`,
  );
  if (rows.length > 0) await bumpQuote(tx, quoteId);
  return rows.length;
}

/** Uploaded files of a quote, id -> name (what a generic item's file options may name). */
export async function quoteUploads(db: AppDb, quoteId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: files.id, name: files.originalName })
    .from(files)
    .where(and(eq(files.quoteId, quoteId), eq(files.kind, 'upload')))
    .orderBy(asc(files.id));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function linkFilesToItem(
  tx: AppDb,
  quoteId: number,
  itemId: number,
  fileIds: number[],
): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .update(files)
    .set({ quoteItemId: itemId })
    .where(and(eq(files.quoteId, quoteId), inArray(files.id, fileIds)));
}

/** Deletes open quotes untouched since `before` that hold no item and no file; answers how many. */
export async function deleteEmptyQuotes(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(quotes)
    .where(
      and(
        eq(quotes.status, 'open'),
        lt(quotes.updatedAt, before),
        sql`not exists (select 1 from ${quoteItems} where ${quoteItems.quoteId} = ${quotes.id})`,
        sql`not exists (select 1 from ${files} where ${files.quoteId} = ${quotes.id})`,
      ),
    )
    .returning({ id: quotes.id });
  return rows.length;
}
