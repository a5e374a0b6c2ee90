import { isPaidOrderStatus, type Language, type OrderSuccess, orderStatusDisplay } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { invoices, orderItems, products } from '../../db/schema/index.ts';
import { statusLabel } from '../../http/translate.ts';
import { failedNext } from './payment-outcome.ts';
import { lastPayment, type OrderRow } from './payments.repository.ts';
import { pendingPaymentOf } from './pending-payment.ts';

/** The owner's view of an order after checkout: items, how its payment stands, whether its invoice is ready. */
export async function orderSuccess(db: AppDb, order: OrderRow, language: Language): Promise<OrderSuccess> {
  const [items, last, invoice] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        parent_id: orderItems.parentId,
        product_id: orderItems.productId,
        name: orderItems.productName,
        qty: orderItems.qty,
        price: orderItems.priceCents,
        official_fee: products.officialFeeCents,
      })
      .from(orderItems)
      // The registry's fee per line (the same source as the invoice's lines), for the summary's split.
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id),
    lastPayment(db, order.id),
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id)),
  ]);
  const paid = isPaidOrderStatus(order.status);
  const state = paid
    ? 'paid'
    : last?.status === 'failed'
      ? 'failed'
      : last?.status === 'pending' || last?.status === 'created' || order.status === 'processing'
        ? 'pending'
        : 'unpaid';
  const failed = failedNext(language);
  const pending = paid ? null : pendingPaymentOf(last);
  const voucher = pending?.voucher;
  return {
    order_id: order.id,
    store_id: order.storeId,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    status_label: statusLabel(
      orderStatusDisplay({
        order_id: order.id,
        status: order.status,
        panel_status_id: order.panelStatusId,
        pendingTramitation: false,
      }),
    ),
    total: order.totalCents,
    email: order.email,
    payment_method: order.paymentMethod,
    payment: {
      state,
      attempt: last?.attempt ?? 0,
      ...(state === 'failed' ? { message: failed.message, detail: failed.detail } : {}),
      payable: !paid && order.status !== 'canceled' && last?.status !== 'created',
      ...(voucher ? { voucher } : {}),
      ...(pending ? { pending } : {}),
    },
    items: items.map(({ official_fee, ...item }) => ({
      ...item,
      official_fee: Math.min((official_fee ?? 0) * item.qty, item.price * item.qty),
    })),
    invoice_available: invoice.length > 0,
  };
}
