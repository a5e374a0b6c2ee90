import { isPaidOrderStatus, type Language, type OrderSuccess, orderStatusDisplay } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { orderLines } from './order-lines.ts';
import { failedNext } from './payment-outcome.ts';
import { lastPayment, type OrderRow } from './payments.repository.ts';
import { pendingPaymentOf } from './pending-payment.ts';

/** The owner's view of an order after checkout: items, how its payment stands, whether its invoice is ready. */
export async function orderSuccess(db: AppDb, order: OrderRow, language: Language): Promise<OrderSuccess> {
  const [items, last, invoice] = await Promise.all([
    orderLines(db, order.id),
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
    status_label: orderStatusDisplay({
      order_id: order.id,
      status: order.status,
      panel_status_id: order.panelStatusId,
      pendingTramitation: false,
    }).label,
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
    items,
    invoice_available: invoice.length > 0,
    promised_at: order.promisedAt?.toISOString() ?? null,
  };
}
