import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { customers, orderItems, orders, products, quotes } from '../db/schema/index.ts';
import { allocateOrderId } from '../modules/orders/order-ids.repository.ts';
import { storedSession, type TestApp, type TestSession } from './app.ts';

export interface TestOrder {
  orderId: string;
  customerId: number;
  storeId: number;
  totalCents: number;
}

/**
 * A customer with an unpaid order of `productIds` (one of each, at the product's
 * price), written straight into the tables as the checkout would leave them
 * (quote closed, order pending_payment).
 */
export async function createTestOrder(
  db: AppDb,
  options: {
    storeId?: number;
    productIds?: number[];
    customerId?: number;
    email?: string;
    billing?: Record<string, string>;
  } = {},
): Promise<TestOrder> {
  const storeId = options.storeId ?? 14;
  const productIds = options.productIds ?? [15867];
  return db.transaction(async (tx) => {
    let customerId = options.customerId;
    if (customerId === undefined) {
      const [customer] = await tx
        .insert(customers)
        .values({
          storeId,
          email: options.email ?? `buyer-${randomBytes(5).toString('hex')}@example.com`,
          firstname: 'Ana',
          lastname: 'Pérez',
        })
        .returning({ id: customers.id });
      customerId = customer?.id as number;
    }
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
    const [quote] = await tx
      .insert(quotes)
      .values({ storeId, customerId, status: 'ordered' })
      .returning({ id: quotes.id });
    const orderId = await allocateOrderId(tx, storeId);
    const rows = [];
    for (const id of productIds) {
      const [product] = await tx.select().from(products).where(eq(products.id, id));
      if (!product) throw new Error(`no product ${id}`);
      rows.push(product);
    }
    const totalCents = rows.reduce((sum, p) => sum + p.priceCents, 0);
    await tx.insert(orders).values({
      id: orderId,
      storeId,
      quoteId: quote?.id as number,
      customerId,
      totalCents,
      email: customer?.email ?? '',
      billing: options.billing ?? {},
    });
    await tx
      .update(quotes)
      .set({ orderId })
      .where(eq(quotes.id, quote?.id as number));
    for (const product of rows) {
      await tx.insert(orderItems).values({
        orderId,
        productId: product.id,
        productName: product.name,
        priceCents: product.priceCents,
      });
    }
    return { orderId, customerId, storeId, totalCents };
  });
}

/** A logged-in session of the order's customer on the order's store. */
export function ownerSession(t: TestApp, order: TestOrder): Promise<TestSession> {
  return storedSession(t, { customerId: order.customerId, storeId: order.storeId });
}
