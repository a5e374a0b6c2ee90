import { type Mandate, MandateSchema, type PendingPayment, type Voucher, VoucherSchema } from '@shop/domain';
import { and, desc, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

type PaymentRow = typeof payments.$inferSelect;

/** The sandbox page that plays the customer's side of each method that waits outside the shop. */
const SANDBOX_PAGES: Readonly<Record<string, string>> = {
  multibanco: 'multibanco',
  moneimultibanco: 'multibanco',
  bank: 'bank',
  mbway: 'mbway',
};

/** The voucher a payment issued (the same shape from every gateway), or undefined. */
export function voucherOf(payment: Pick<PaymentRow, 'data'>): Voucher | undefined {
  return VoucherSchema.safeParse(payment.data.voucher).data;
}

/** The direct-debit mandate a payment was given, or undefined. */
export function mandateOf(payment: Pick<PaymentRow, 'data'>): Mandate | undefined {
  return MandateSchema.safeParse(payment.data.mandate).data;
}

/**
 * The sandbox's page for a sandbox payment still open (its ATM, bank or MB WAY
 * page), on the origin the payment was started from; never for a real gateway.
 */
export function sandboxUrlOf(payment: PaymentRow): string | undefined {
  const page = SANDBOX_PAGES[payment.method];
  if (payment.gateway !== 'sandbox' || !page || !payment.providerRef || !isOpen(payment)) return undefined;
  const base = typeof payment.data.return_base === 'string' ? payment.data.return_base : '';
  return `${base}/payments/sandbox/${page}/${encodeURIComponent(payment.providerRef)}`;
}

const isOpen = (payment: Pick<PaymentRow, 'status'>) =>
  payment.status === 'pending' || payment.status === 'created';

/**
 * What the customer still has to do for a payment waiting outside the shop: a
 * Multibanco voucher not yet expired, a direct-debit mandate not yet
 * collected, an MB WAY request not yet confirmed. Null for anything else (paid,
 * failed, a card attempt).
 */
export function pendingPaymentOf(payment: PaymentRow | undefined, now = new Date()): PendingPayment | null {
  if (!payment || !isOpen(payment)) return null;
  const voucher = voucherOf(payment);
  const mandate = mandateOf(payment);
  if (voucher && Date.parse(voucher.expires_at) <= now.getTime()) return null;
  if (!voucher && !mandate && payment.method !== 'mbway') return null;
  const sandboxUrl = sandboxUrlOf(payment);
  return {
    method: payment.method,
    ...(voucher ? { voucher } : {}),
    ...(mandate ? { mandate } : {}),
    ...(sandboxUrl ? { sandbox_url: sandboxUrl } : {}),
  };
}

/** The open voucher or mandate of each of the orders (their latest open payment), by order id. */
export async function pendingPaymentsOf(
  db: AppDb,
  orderIds: readonly string[],
  now = new Date(),
): Promise<Map<string, PendingPayment>> {
  const found = new Map<string, PendingPayment>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, ['pending', 'created'])))
    .orderBy(desc(payments.attempt));
  for (const row of rows) {
    if (found.has(row.orderId)) continue;
    const pending = pendingPaymentOf(row, now);
    if (pending && (pending.voucher || pending.mandate)) found.set(row.orderId, pending);
  }
  return found;
}

/** The voucher, mandate and sandbox page of one payment, as the back office lists it. */
export function paymentExtrasOf(payment: PaymentRow): {
  voucher?: Voucher;
  mandate?: Mandate;
  sandbox_url?: string;
} {
  const voucher = voucherOf(payment);
  const mandate = mandateOf(payment);
  const sandboxUrl = sandboxUrlOf(payment);
  return {
    ...(voucher ? { voucher } : {}),
    ...(mandate ? { mandate } : {}),
    ...(sandboxUrl ? { sandbox_url: sandboxUrl } : {}),
  };
}
