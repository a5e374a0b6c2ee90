import type { Order } from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import type { PaymentNotice } from '../gateway.ts';

/**
 * What PayPal's answers mean for a payment, with no I/O: an order (Orders v2,
 * the SDK's camelCase model) or a webhook event (Webhooks v1, PayPal's JSON)
 * becomes a PaymentNotice. A settled capture has one event id wherever it is
 * read from (`capture:{id}:completed`), so the customer's return and the
 * webhook of the same capture are counted once by applyNotice.
 */

/** Where an attempt stands: settled (a notice), waiting for PayPal, or still with the customer. */
export interface PayPalCompletion {
  state: 'paid' | 'failed' | 'pending' | 'approved' | 'open';
  notice?: PaymentNotice;
}

/** Cents from PayPal's decimal string ("20.76"); -1 (never an order's total) for anything else. */
export function centsOf(money: { value?: string; currency_code?: string } | undefined): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(money?.value ?? '');
  if (!match?.[1] || money?.currency_code !== 'EUR') return -1;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** PayPal's decimal string for cents: 2076 -> "20.76" (Orders v2 `amount.value`, currency EUR). */
export function paypalValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A capture as both sources describe it (only what the shop keeps: ids and statuses, no payer data). */
interface CaptureView {
  orderId: string;
  orderStatus?: string;
  payerId?: string;
  capture?: {
    id: string;
    status?: string;
    reason?: string;
    amount?: { value?: string; currency_code?: string };
  };
}

function completionOf(view: CaptureView): PayPalCompletion {
  const { orderId, capture } = view;
  const raw = {
    paypal_order: orderId,
    order_status: view.orderStatus ?? null,
    capture: capture?.id ?? null,
    capture_status: capture?.status ?? null,
    reason: capture?.reason ?? null,
    payer_id: view.payerId ?? null,
  };
  if (capture?.status === 'COMPLETED') {
    return {
      state: 'paid',
      notice: {
        eventId: `capture:${capture.id}:completed`,
        providerRef: orderId,
        outcome: 'paid',
        amountCents: centsOf(capture.amount),
        raw,
      },
    };
  }
  if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') {
    return {
      state: 'failed',
      notice: { eventId: `capture:${capture.id}:declined`, providerRef: orderId, outcome: 'failed', raw },
    };
  }
  if (capture) return { state: 'pending' };
  if (view.orderStatus === 'VOIDED') {
    return {
      state: 'failed',
      notice: { eventId: `order:${orderId}:voided`, providerRef: orderId, outcome: 'failed', raw },
    };
  }
  return { state: view.orderStatus === 'APPROVED' ? 'approved' : 'open' };
}

/** An order read or captured through the SDK. */
export function orderCompletion(order: Order): PayPalCompletion {
  const captures = order.purchaseUnits?.[0]?.payments?.captures ?? [];
  const capture = captures.at(-1);
  return completionOf({
    orderId: order.id ?? '',
    orderStatus: order.status,
    payerId: order.payer?.payerId ?? order.paymentSource?.paypal?.accountId,
    capture: capture?.id
      ? {
          id: capture.id,
          status: capture.status,
          reason: capture.statusDetails?.reason,
          amount: capture.amount && {
            value: capture.amount.value,
            currency_code: capture.amount.currencyCode,
          },
        }
      : undefined,
  });
}

/** A capture the customer's funding source refused at capture time (422 INSTRUMENT_DECLINED etc.). */
export function declinedNotice(orderId: string, issue: string): PayPalCompletion {
  return {
    state: 'failed',
    notice: {
      eventId: `order:${orderId}:declined:${issue}`,
      providerRef: orderId,
      outcome: 'failed',
      raw: { paypal_order: orderId, issue },
    },
  };
}

/** The customer left PayPal's page through the cancel link. */
export function cancelledNotice(orderId: string): PaymentNotice {
  return {
    eventId: `order:${orderId}:cancelled`,
    providerRef: orderId,
    outcome: 'failed',
    raw: { paypal_order: orderId, cancelled: true },
  };
}

const Id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const MoneySchema = z.object({ value: z.string().max(32), currency_code: z.string().max(3) }).partial();
const LinkSchema = z.object({ href: z.string().max(2048), rel: z.string().max(64) });

/** A webhook delivery's body (Webhooks v1 "event"): only the fields the shop reads. */
export const WebhookEventSchema = z.object({
  id: Id,
  event_type: z.string().max(100),
  resource: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** The capture of PAYMENT.CAPTURE.* events (Payments v2 capture). */
const CaptureResourceSchema = z.object({
  id: Id,
  status: z.string().max(40).optional(),
  amount: MoneySchema.optional(),
  status_details: z.object({ reason: z.string().max(80).optional() }).optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: Id.optional() }).optional() }).optional(),
  links: z.array(LinkSchema).max(20).optional(),
});

/** The refund of PAYMENT.CAPTURE.REFUNDED (Payments v2 refund); its `up` link names the capture. */
export const RefundResourceSchema = z.object({
  id: Id,
  status: z.string().max(40).optional(),
  amount: MoneySchema.optional(),
  seller_payable_breakdown: z.object({ total_refunded_amount: MoneySchema.optional() }).optional(),
  links: z.array(LinkSchema).max(20).optional(),
});

/** The id at the end of the `up` link (`…/v2/payments/captures/{id}`, `…/v2/checkout/orders/{id}`). */
export function upId(
  links: { href: string; rel: string }[] | undefined,
  kind: 'captures' | 'orders',
): string | undefined {
  const href = links?.find((l) => l.rel === 'up')?.href ?? '';
  const match = new RegExp(`/${kind}/([A-Za-z0-9-]{1,64})$`).exec(href);
  return match?.[1];
}

/** PAYMENT.CAPTURE.COMPLETED / DENIED / DECLINED: the capture's outcome for its order. */
export function captureEventCompletion(resource: unknown): PayPalCompletion | undefined {
  const parsed = CaptureResourceSchema.safeParse(resource);
  if (!parsed.success) return undefined;
  const capture = parsed.data;
  const orderId = capture.supplementary_data?.related_ids?.order_id ?? upId(capture.links, 'orders');
  if (!orderId) return undefined;
  return completionOf({
    orderId,
    capture: {
      id: capture.id,
      status: capture.status,
      reason: capture.status_details?.reason,
      amount: capture.amount,
    },
  });
}
