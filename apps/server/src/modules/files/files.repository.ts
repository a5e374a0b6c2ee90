import { and, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { files, orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/** Who is asking: a session, and its customer once logged in. */
export interface Requester {
  sessionId: string;
  customerId: number | null;
}

/** A quote belongs to the session that made it, or to its customer. */
function ownsQuote(who: Requester): SQL {
  const bySession = eq(quotes.sessionId, who.sessionId);
  return who.customerId === null ? bySession : (or(bySession, eq(quotes.customerId, who.customerId)) as SQL);
}

export async function isQuoteOwnedBy(db: AppDb, quoteId: number, who: Requester): Promise<boolean> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), ownsQuote(who)))
    .limit(1);
  return rows.length > 0;
}

/**
 * An order belongs to its customer, or to the session whose quote became the
 * order (an anonymous customer right after checkout).
 */
export async function isOrderOwnedBy(db: AppDb, orderId: string, who: Requester): Promise<boolean> {
  const owner =
    who.customerId === null
      ? eq(quotes.sessionId, who.sessionId)
      : or(eq(quotes.sessionId, who.sessionId), eq(orders.customerId, who.customerId));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(and(eq(orders.id, orderId), owner))
    .limit(1);
  return rows.length > 0;
}

/** The product of an item of the quote (or order), null when the item is not there. */
export async function itemProduct(
  db: AppDb,
  owner: { quoteId: number } | { orderId: string },
  itemId: number,
): Promise<number | null> {
  const rows =
    'quoteId' in owner
      ? await db
          .select({ productId: quoteItems.productId })
          .from(quoteItems)
          .where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, owner.quoteId)))
      : await db
          .select({ productId: orderItems.productId })
          .from(orderItems)
          .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, owner.orderId)));
  return rows[0]?.productId ?? null;
}

/**
 * Inserts uploads of one quote or order unless they would take it past `max`;
 * null then. The owner's row is locked first, so concurrent uploads to one owner
 * are counted one after the other.
 */
export async function insertUploadsCapped(
  db: AppDb,
  owner: { quoteId: number } | { orderId: string },
  rows: NewFile[],
  max: number,
): Promise<FileRow[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      'quoteId' in owner
        ? sql`select 1 from ${quotes} where ${quotes.id} = ${owner.quoteId} for update`
        : sql`select 1 from ${orders} where ${orders.id} = ${owner.orderId} for update`,
    );
    if ((await countUploads(tx, owner)) + rows.length > max) return null;
    return tx.insert(files).values(rows).returning();
  });
}

/** Bytes a session has uploaded. */
export async function uploadedBytesBySession(db: AppDb, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::bigint` })
    .from(files)
    .where(and(eq(files.sessionId, sessionId), eq(files.kind, 'upload')));
  return Number(row?.bytes ?? 0);
}

/** Bytes a client address has uploaded since `since`. */
export async function uploadedBytesByAddress(db: AppDb, address: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::bigint` })
    .from(files)
    .where(and(eq(files.clientAddress, address), gte(files.createdAt, since), eq(files.kind, 'upload')));
  return Number(row?.bytes ?? 0);
}

export async function findFile(db: AppDb, id: number): Promise<FileRow | null> {
  const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return rows[0] ?? null;
}

/** How many uploads a quote or order already holds. */
export async function countUploads(
  db: AppDb,
  owner: { quoteId: number } | { orderId: string },
): Promise<number> {
  const ownerIs = 'quoteId' in owner ? eq(files.quoteId, owner.quoteId) : eq(files.orderId, owner.orderId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(and(ownerIs, eq(files.kind, 'upload')));
  return row?.n ?? 0;
}

/**
 * Deletes uploads that no cart item and no order refers to, made before
 * `before`; answers their storage keys (the caller deletes the bytes).
 */
export async function deleteStaleUploads(db: AppDb, before: Date): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(
      and(
        eq(files.kind, 'upload'),
        isNull(files.quoteItemId),
        isNull(files.orderId),
        isNull(files.orderItemId),
        lt(files.createdAt, before),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}
