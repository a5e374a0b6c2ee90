import { AppError } from '../../../http/app-error.ts';
import type { PaymentNotice } from '../gateway.ts';
import type { PayPalApi } from './paypal.client.ts';
import {
  captureEventCompletion,
  centsOf,
  type PayPalCompletion,
  RefundResourceSchema,
  upId,
  type WebhookEvent,
  WebhookEventSchema,
} from './paypal.notices.ts';

/**
 * PayPal's webhook deliveries (Webhooks v1): each is checked by PayPal itself
 * (verify-webhook-signature, with our webhook id) before anything in it is
 * believed, then read into a notice. Events the shop subscribes to
 * (docs/payments.md "PayPal"): PAYMENT.CAPTURE.COMPLETED, .DENIED, .DECLINED,
 * .REFUNDED and CHECKOUT.ORDER.APPROVED.
 */

/** A verified webhook event the shop does not act on (answered 200 so PayPal stops sending it). */
export class IgnoredPayPalEvent extends Error {
  override name = 'IgnoredPayPalEvent';
}

const forbidden = () => new AppError('not_allowed', 'forbidden');
const PAYPAL_ID = /^[A-Za-z0-9-]{1,64}$/;

/** One header's value, when present once and of a sane length. */
const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 2048 ? text : undefined;
};

interface WebhookDeps {
  api: PayPalApi;
  webhookId: string;
  /** Captures an approved order (the gateway's, with its idempotency key). */
  capture(paypalOrderId: string): Promise<PayPalCompletion>;
  /**
   * True when the PayPal order is one of our attempts and its order still takes a payment (the
   * account may serve other shops too; an order another attempt paid must not be charged twice).
   */
  capturable?(paypalOrderId: string): Promise<boolean>;
}

/** The body as PayPal sent it, checked by PayPal; 403 for anything PayPal does not vouch for. */
async function verifiedEvent(
  deps: WebhookDeps,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string },
): Promise<WebhookEvent> {
  let event: WebhookEvent;
  try {
    event = WebhookEventSchema.parse(JSON.parse(input.rawBody));
  } catch {
    throw forbidden();
  }
  const authAlgo = header(input.headers, 'paypal-auth-algo');
  const certUrl = header(input.headers, 'paypal-cert-url');
  const transmissionId = header(input.headers, 'paypal-transmission-id');
  const transmissionSig = header(input.headers, 'paypal-transmission-sig');
  const transmissionTime = header(input.headers, 'paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) throw forbidden();
  const verified = await deps.api.verifyWebhookSignature({
    authAlgo,
    certUrl,
    transmissionId,
    transmissionSig,
    transmissionTime,
    webhookId: deps.webhookId,
    rawEvent: input.rawBody,
  });
  if (verified.status >= 300 || verified.verification !== 'SUCCESS') throw forbidden();
  return event;
}

/** The PayPal order a refund event's capture belongs to (the refund names only its capture). */
async function refundNotice(api: PayPalApi, resource: unknown): Promise<PaymentNotice> {
  const parsed = RefundResourceSchema.safeParse(resource);
  const captureId = parsed.success ? upId(parsed.data.links, 'captures') : undefined;
  if (!parsed.success || !captureId) throw new IgnoredPayPalEvent('PAYMENT.CAPTURE.REFUNDED (no capture)');
  const refund = parsed.data;
  const { result } = await api.payments.getCapturedPayment({ captureId });
  const orderId = result.supplementaryData?.relatedIds?.orderId ?? upId(result.links, 'orders');
  if (!orderId) throw new IgnoredPayPalEvent('PAYMENT.CAPTURE.REFUNDED (no order)');
  const total = refund.seller_payable_breakdown?.total_refunded_amount ?? refund.amount;
  return {
    eventId: `refund:${refund.id}`,
    providerRef: orderId,
    outcome: 'refunded',
    // What has been refunded of the capture so far: short of the order's total, applyNotice holds
    // the order for an operator (payment_review) instead of marking the payment refunded.
    amountCents: centsOf(total),
    raw: {
      paypal_order: orderId,
      capture: captureId,
      refund: refund.id,
      refund_status: refund.status ?? null,
    },
  };
}

/** A verified delivery as a notice; IgnoredPayPalEvent for one the shop does not act on. */
export async function verifiedWebhookNotice(
  deps: WebhookDeps,
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string },
): Promise<PaymentNotice> {
  const event = await verifiedEvent(deps, input);
  const tagged = (notice: PaymentNotice): PaymentNotice => ({
    ...notice,
    raw: { ...notice.raw, event: event.id, type: event.event_type },
  });
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      // The capture's own event id (`capture:{id}:completed`): the customer's return reports the same.
      const settled = captureEventCompletion(event.resource)?.notice;
      if (!settled) throw new IgnoredPayPalEvent(event.event_type);
      return tagged(settled);
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      return tagged(await refundNotice(deps.api, event.resource));
    case 'CHECKOUT.ORDER.APPROVED': {
      // The customer approved but may never come back: capture here (the same key as the return's).
      const orderId = typeof event.resource.id === 'string' ? event.resource.id : '';
      if (!PAYPAL_ID.test(orderId)) throw new IgnoredPayPalEvent(event.event_type);
      // Never capture what another shop on the same PayPal account had approved, nor an order paid already.
      if (deps.capturable && !(await deps.capturable(orderId))) {
        throw new IgnoredPayPalEvent(`${event.event_type} (not capturable here)`);
      }
      const settled = (await deps.capture(orderId)).notice;
      if (!settled) throw new IgnoredPayPalEvent(`${event.event_type} (not settled)`);
      return tagged(settled);
    }
    default:
      throw new IgnoredPayPalEvent(event.event_type);
  }
}
