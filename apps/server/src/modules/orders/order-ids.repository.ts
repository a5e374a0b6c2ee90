import { orderIdFor } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Issues the next order id of `storeId` ('16' + 8 digits). The number is the
 * shop's one order sequence: two checkouts at the same moment (on one or
 * several instances) get different numbers, and neither waits for the other's
 * transaction. A rolled-back checkout leaves its number unused (order ids may
 * skip; invoice numbers may not, and have their own counter).
 */
export async function allocateOrderId(db: AppDb, storeId: number): Promise<string> {
  const [row] = await queryRows<{ issued: string | number }>(
    db,
    sql`SELECT nextval('order_number_seq') AS issued`,
  );
  if (!row) throw new Error(`No order number issued for store ${storeId}`);
  return orderIdFor(storeId, Number(row.issued));
}
