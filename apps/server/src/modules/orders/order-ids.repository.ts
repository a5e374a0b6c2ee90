import { MAX_ORDER_SEQUENCE, ORDER_SEQUENCE_DIGITS } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The next order id of `storeId` ('16' + 8 digits) as an SQL expression, for
 * the statement that inserts the order (no statement of its own, issue 22):
 * orderIdFor's format, from the shop's one order sequence. Two checkouts at the
 * same moment (on one or several instances) get different numbers, and neither
 * waits for the other's transaction. A rolled-back checkout leaves its number
 * unused (order ids may skip; invoice numbers may not, and have their own
 * counter). Past MAX_ORDER_SEQUENCE it is NULL, which no order id may be.
 */
export function nextOrderIdSql(storeId: number): SQL<string> {
  if (!Number.isInteger(storeId) || storeId <= 0) throw new RangeError(`Bad store id: ${storeId}`);
  return sql<string>`(SELECT CASE WHEN n.v BETWEEN 1 AND ${MAX_ORDER_SEQUENCE}::bigint
      THEN ${String(storeId)}::text || lpad(n.v::text, ${ORDER_SEQUENCE_DIGITS}::int, '0') END
    FROM (SELECT nextval('order_number_seq') AS v) n)`;
}

/** Issues the next order id of `storeId` on its own (nextOrderIdSql). */
export async function allocateOrderId(db: AppDb, storeId: number): Promise<string> {
  const [row] = await queryRows<{ id: string | null }>(db, sql`SELECT ${nextOrderIdSql(storeId)} AS id`);
  if (!row?.id) throw new RangeError(`No order number issued for store ${storeId}`);
  return row.id;
}
