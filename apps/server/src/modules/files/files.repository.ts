import { and, eq, or, type SQL, sql } from 'drizzle-orm';
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

export async function insertFiles(db: AppDb, rows: NewFile[]): Promise<FileRow[]> {
  return db.transaction((tx) => tx.insert(files).values(rows).returning());
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
