import { setTimeout as sleep } from 'node:timers/promises';
import {
  CheckoutPaymentIntent,
  CustomError,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentGateway, PaymentMethod, PaymentNotice, StartPaymentInput } from '../gateway.ts';
import { createPayPalApi, type PayPalApi } from './paypal.client.ts';
import type { PayPalSettings } from './paypal.env.ts';
import {
  captureEventCompletion,
  centsOf,
  declinedNotice,
  orderCompletion,
  type PayPalCompletion,
  paypalValue,
  RefundResourceSchema,
  upId,
  WebhookEventSchema,
} from './paypal.notices.ts';

/**
 * PayPal through its official server SDK (`@paypal/paypal-server-sdk`, ADR 019),
 * Orders v2 with intent CAPTURE: `start` creates the order and sends the
 * customer to PayPal's approval page; PayPal sends them back to
 * /payments/paypal/return, where the order is captured; the signed webhooks
 * (/payments/paypal/webhook, checked by PayPal's verify-webhook-signature)
 * report captures, declines and refunds. The shop keeps PayPal's order id as
 * the payment's providerRef and, of the payer, only PayPal's payer id.
 */

export const PAYPAL_RETURN_PATH = '/payments/paypal/return';
export const PAYPAL_CANCEL_PATH = '/payments/paypal/cancel';
export const PAYPAL_WEBHOOK_PATH = '/payments/paypal/webhook';

/** A verified webhook event the shop does not act on (answered 200 so PayPal stops sending it). */
export class IgnoredPayPalEvent extends Error {
  override name = 'IgnoredPayPalEvent';
}

export interface PayPalGateway extends PaymentGateway {
  readonly name: 'paypal';
  /** Captures an approved order (the customer came back, or the approval webhook arrived). */
  capture(paypalOrderId: string): Promise<PayPalCompletion>;
  /** Where an order stands at PayPal (read only). */
  read(paypalOrderId: string): Promise<PayPalCompletion>;
}

/** PayPal's checkout locales for the stores' languages (Orders v2 experience_context.locale, BCP 47). */
const LOCALES = { es: 'es-ES', pt: 'pt-PT', en: 'en-GB' } as const;

/** Capture refusals that are the payer's (Orders v2 capture errors): a failed attempt, not an error of ours. */
const DECLINED_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'PAYEE_BLOCKED_TRANSACTION',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'COMPLIANCE_VIOLATION',
  'ORDER_EXPIRED',
]);

const forbidden = () => new AppError('not_allowed', 'forbidden');
const issueOf = (err: unknown): string | undefined =>
  err instanceof CustomError ? err.result?.details?.[0]?.issue : undefined;
const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 2048 ? text : undefined;
};

export interface PayPalGatewayOptions {
  /** The store's name on PayPal's page (the portal name), when known. */
  brandName?: (storeId: number) => Promise<string | undefined>;
  api?: PayPalApi;
}

/**
 * The store's portal name from the catalog's memory (PayPal shows it as the
 * merchant's name). Bounded: a slow catalog reload never holds up a payment,
 * the page then shows the PayPal account's own name.
 */
export function portalNameOf(app: {
  catalog: { snapshot(): Promise<{ stores: ReadonlyMap<number, { portalName: string }> }> };
}): (storeId: number) => Promise<string | undefined> {
  return (storeId) =>
    Promise.race([
      app.catalog.snapshot().then((catalog) => catalog.stores.get(storeId)?.portalName),
      sleep(500, undefined, { ref: false }),
    ]).catch(() => undefined);
}

export function createPayPalGateway(
  settings: PayPalSettings,
  options: PayPalGatewayOptions = {},
): PayPalGateway {
  const api = options.api ?? createPayPalApi(settings);

  const read = async (id: string) => orderCompletion((await api.orders.getOrder({ id })).result);

  const capture = async (id: string): Promise<PayPalCompletion> => {
    try {
      // One key per PayPal order: the return and the approval webhook capturing at once get one capture.
      const { result } = await api.orders.captureOrder({
        id,
        paypalRequestId: `capture-${id}`,
        prefer: 'return=representation',
      });
      return orderCompletion(result);
    } catch (err) {
      const issue = issueOf(err);
      if (issue === 'ORDER_ALREADY_CAPTURED') return read(id);
      if (issue === 'ORDER_NOT_APPROVED') return { state: 'open' };
      if (issue && DECLINED_ISSUES.has(issue)) return declinedNotice(id, issue);
      throw err;
    }
  };

  /** The PayPal order a refund event's capture belongs to (the refund names only its capture). */
  const refundNotice = async (resource: unknown): Promise<PaymentNotice> => {
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
  };

  return {
    name: 'paypal',
    methods: ['paypal'] satisfies PaymentMethod[],

    async start(input: StartPaymentInput) {
      if (input.method !== 'paypal') {
        return {
          outcome: 'failed',
          next: { type: 'failed', message: '' },
          data: { error: 'method_not_supported' },
        };
      }
      const brandName = (await options.brandName?.(input.storeId))?.slice(0, 127) || undefined;
      const back = (path: string) => `${input.baseUrl}${path}?order_id=${encodeURIComponent(input.orderId)}`;
      const { result } = await api.orders.createOrder({
        // One PayPal order per order and attempt: a repeated start gets the same order back.
        paypalRequestId: `order-${input.orderId}-attempt-${input.attempt}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.orderId,
              customId: input.orderId,
              amount: { currencyCode: 'EUR', value: paypalValue(input.amountCents) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                brandName,
                locale: LOCALES[input.language],
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                userAction: PaypalExperienceUserAction.PayNow,
                returnUrl: back(PAYPAL_RETURN_PATH),
                cancelUrl: back(PAYPAL_CANCEL_PATH),
              },
            },
          },
        },
      });
      const approve = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!result.id || !approve) throw new Error('PayPal created an order without an approval link');
      return {
        outcome: 'action',
        providerRef: result.id,
        next: { type: 'redirect', url: approve },
        data: { paypal_order: result.id, status: result.status ?? null },
      };
    },

    capture,
    read,

    async lookup({ providerRef }) {
      if (!providerRef) return null;
      const now = await read(providerRef);
      const settled = now.state === 'approved' ? await capture(providerRef) : now;
      return settled.notice ?? null;
    },

    async verifyNotice({ headers, rawBody }) {
      const fields = {
        authAlgo: header(headers, 'paypal-auth-algo'),
        certUrl: header(headers, 'paypal-cert-url'),
        transmissionId: header(headers, 'paypal-transmission-id'),
        transmissionSig: header(headers, 'paypal-transmission-sig'),
        transmissionTime: header(headers, 'paypal-transmission-time'),
      };
      let event: ReturnType<typeof WebhookEventSchema.parse>;
      try {
        event = WebhookEventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw forbidden();
      }
      const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = fields;
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime)
        throw forbidden();
      const verified = await api.verifyWebhookSignature({
        authAlgo,
        certUrl,
        transmissionId,
        transmissionSig,
        transmissionTime,
        webhookId: settings.webhookId,
        rawEvent: rawBody,
      });
      if (verified.status >= 300 || verified.verification !== 'SUCCESS') throw forbidden();

      switch (event.event_type) {
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED':
        case 'PAYMENT.CAPTURE.DECLINED': {
          const settled = captureEventCompletion(event.resource)?.notice;
          if (!settled) throw new IgnoredPayPalEvent(event.event_type);
          return { ...settled, raw: { ...settled.raw, event: event.id, type: event.event_type } };
        }
        case 'PAYMENT.CAPTURE.REFUNDED': {
          const notice = await refundNotice(event.resource);
          return { ...notice, raw: { ...notice.raw, event: event.id, type: event.event_type } };
        }
        case 'CHECKOUT.ORDER.APPROVED': {
          // The customer approved but may never come back: capture here (the same key as the return's).
          const orderId = typeof event.resource.id === 'string' ? event.resource.id : '';
          if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) throw new IgnoredPayPalEvent(event.event_type);
          const settled = (await capture(orderId)).notice;
          if (!settled) throw new IgnoredPayPalEvent(`${event.event_type} (not settled)`);
          return { ...settled, raw: { ...settled.raw, event: event.id, type: event.event_type } };
        }
        default:
          throw new IgnoredPayPalEvent(event.event_type);
      }
    },

    async refund({ providerRef, amountCents, paymentId }) {
      const captured = (await api.orders.getOrder({ id: providerRef })).result;
      const captureId = captured.purchaseUnits?.[0]?.payments?.captures?.find(
        (c) => c.status === 'COMPLETED',
      )?.id;
      if (!captureId) throw new Error(`PayPal order ${providerRef} has no completed capture to refund`);
      const { result } = await api.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: `refund-${paymentId}-${amountCents}`,
        prefer: 'return=representation',
        body: { amount: { currencyCode: 'EUR', value: paypalValue(amountCents) } },
      });
      if (!result.id || (result.status !== 'COMPLETED' && result.status !== 'PENDING')) {
        throw new Error(`PayPal refused the refund: ${result.status ?? 'no status'}`);
      }
      return { providerRef: result.id };
    },
  };
}
