import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import {
  customers,
  files,
  orderItems,
  orders,
  payments,
  products,
  quoteItems,
  quotes,
} from '../db/schema/index.ts';
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

export interface TestOrderOptions {
  storeId?: number;
  status?: string;
  paid?: boolean;
  email?: string;
  productId?: number;
  /** The item's stored form answers. */
  form?: Record<string, unknown>;
  createdAt?: Date;
}

/**
 * An order as the checkout leaves it (customer, closed quote, quote item, order,
 * order item, a payment), written straight into the tables.
 */
export async function insertOrder(db: AppDb, options: TestOrderOptions = {}) {
  const storeId = options.storeId ?? 14;
  const email = options.email ?? `buyer-${randomBytes(4).toString('hex')}@example.com`;
  const [product] = options.productId
    ? await db.select().from(products).where(eq(products.id, options.productId))
    : await db.select().from(products).where(sql`${products.kind} = 'generic'`).limit(1);
  if (!product) throw new Error('no product to order');
  const [existing] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`);
  const [customer] = existing
    ? [existing]
    : await db.insert(customers).values({ storeId, email }).returning();
  if (!customer) throw new Error('no customer');
  const [quote] = await db
    .insert(quotes)
    .values({ storeId, customerId: customer.id, status: 'ordered' })
    .returning();
  if (!quote) throw new Error('no quote');
  const form = options.form ?? { nombre: 'María López', dni: '12345678Z', direccion: 'Calle Mayor 1' };
  const [quoteItem] = await db
    .insert(quoteItems)
    .values({
      quoteId: quote.id,
      productId: product.id,
      productVersion: product.version,
      form,
      priceCents: product.priceCents,
    })
    .returning();
  const id = await allocateOrderId(db, storeId);
  const paid = options.paid ?? true;
  const createdAt = options.createdAt ?? new Date();
  await db.insert(orders).values({
    id,
    storeId,
    quoteId: quote.id,
    customerId: customer.id,
    status: options.status ?? (paid ? 'complete_pending' : 'pending_payment'),
    panelStatusId: paid ? 10 : null,
    paymentMethod: 'cc',
    totalCents: product.priceCents,
    email,
    billing: { name: 'María López', tax_id: '12345678Z' },
    createdAt,
    updatedAt: createdAt,
  });
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: id,
      quoteItemId: quoteItem?.id,
      productId: product.id,
      productName: product.name,
      form,
      priceCents: product.priceCents,
    })
    .returning();
  if (!item) throw new Error('no order item');
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: id,
      attempt: 1,
      method: 'cc',
      gateway: 'sandbox',
      status: paid ? 'paid' : 'pending',
      amountCents: product.priceCents,
    })
    .returning({ id: payments.id });
  // The reference the sandbox would have given it (its refunds check it).
  if (payment)
    await db
      .update(payments)
      .set({ providerRef: `sbx_${payment.id}_${randomBytes(9).toString('base64url')}` })
      .where(eq(payments.id, payment.id));
  return {
    id,
    itemId: item.id,
    customerId: customer.id,
    email,
    productId: product.id,
    productVersion: product.version,
  };
}

/** A result-document row for an order item (the bytes are not needed by the state machine). */
export async function insertResultFile(db: AppDb, orderId: string, orderItemId: number) {
  const [row] = await db
    .insert(files)
    .values({
      storageKey: `results/test-${randomBytes(6).toString('hex')}`,
      originalName: 'nota-simple.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      sha256: '0'.repeat(64),
      orderId,
      orderItemId,
      kind: 'result',
    })
    .returning();
  return row;
}
