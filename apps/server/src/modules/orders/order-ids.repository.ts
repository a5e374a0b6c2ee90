import { orderIdFor } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orderSequences } from '../../db/schema/index.ts';

/**
 * Issues the store's next order id ('16' + 8 digits). One atomic upsert: two
 * checkouts at the same moment (on one or several instances) get different
 * numbers. Pass the checkout's transaction so a rolled-back order gives its
 * number back and the sequence keeps no gaps.
 */
export async function allocateOrderId(db: AppDb, storeId: number): Promise<string> {
  const [row] = await db
    .insert(orderSequences)
    .values({ storeId, next: 2 })
    .onConflictDoUpdate({ target: orderSequences.storeId, set: { next: sql`${orderSequences.next} + 1` } })
    .returning({ issued: sql<string | number>`${orderSequences.next} - 1` });
  if (!row) throw new Error(`No order number issued for store ${storeId}`);
  return orderIdFor(storeId, Number(row.issued));
}
