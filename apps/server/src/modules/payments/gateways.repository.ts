import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';

export type GatewayPayment = typeof payments.$inferSelect;

/**
 * The latest attempt through `gateway` of an order that belongs to the
 * customer; undefined for anyone else's order (the caller answers 404, so
 * another customer's order ids reveal nothing).
 */
export async function latestOwnedPayment(
  db: AppDb,
  input: { orderId: string; customerId: number | null; storeId: number; gateway: string },
): Promise<{ payment: GatewayPayment; orderStatus: string } | undefined> {
  if (input.customerId === null) return undefined;
  const [row] = await db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.customerId, input.customerId),
        eq(orders.storeId, input.storeId),
        eq(payments.gateway, input.gateway),
      ),
    )
    .orderBy(desc(payments.attempt))
    .limit(1);
  return row;
}
