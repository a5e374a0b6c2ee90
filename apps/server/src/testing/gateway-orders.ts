import { randomBytes } from 'node:crypto';
import type { Language } from '@shop/domain';
import type { AppDb } from '../db/client.ts';
import { customers, orders, quotes } from '../db/schema/index.ts';
import { allocateOrderId } from '../modules/orders/order-ids.repository.ts';
import type { CheckoutNext, PaymentMethod } from '../modules/payments/gateway.ts';
import { startPayment } from '../modules/payments/payment-start.ts';
import { storedSession, type TestApp, type TestSession } from './app.ts';

export interface PlacedOrder {
  orderId: string;
  customerId: number;
  /** The customer's logged-in session. */
  session: TestSession;
  next: CheckoutNext;
}

/** A customer with a logged-in session (what the checkout's register path leaves behind). */
export async function loggedInCustomer(
  t: TestApp,
  storeId = 14,
): Promise<{ customerId: number; session: TestSession }> {
  const [customer] = await t.database.db
    .insert(customers)
    .values({ storeId, email: `buyer-${randomBytes(6).toString('hex')}@example.com` })
    .returning({ id: customers.id });
  if (!customer) throw new Error('customer not created');
  return { customerId: customer.id, session: await storedSession(t, { storeId, customerId: customer.id }) };
}

/**
 * An order of `totalCents` for a new logged-in customer, and its first payment
 * attempt started through the payments service (the gateway PAYMENT_GATEWAYS
 * picks for the store and method), as the checkout does.
 */
export async function placeOrder(
  t: TestApp,
  options: {
    method: PaymentMethod;
    storeId?: number;
    totalCents?: number;
    fields?: Record<string, string>;
    baseUrl?: string;
    language?: Language;
  },
): Promise<PlacedOrder> {
  const storeId = options.storeId ?? 14;
  const { customerId, session } = await loggedInCustomer(t, storeId);
  const db = t.database.db;
  const order = await db.transaction(async (txn) => {
    const tx = txn as unknown as AppDb;
    const [quote] = await tx.insert(quotes).values({ storeId, customerId, status: 'ordered' }).returning();
    if (!quote) throw new Error('quote not created');
    const orderId = await allocateOrderId(tx, storeId);
    const [row] = await tx
      .insert(orders)
      .values({
        id: orderId,
        storeId,
        quoteId: quote.id,
        customerId,
        totalCents: options.totalCents ?? 2076,
        email: 'buyer@example.com',
      })
      .returning();
    if (!row) throw new Error('order not created');
    return row;
  });
  const { next } = await startPayment(db, t.app.gateways, {
    order,
    method: options.method,
    fields: options.fields ?? {},
    baseUrl: options.baseUrl ?? 'http://localhost',
    language: options.language ?? 'es',
  });
  return { orderId: order.id, customerId, session, next };
}
