import { setTimeout as sleep } from 'node:timers/promises';
import {
  CheckoutPaymentIntent,
  CustomError,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import {
  type PaymentGateway,
  type PaymentMethod,
  refundIdempotencyKey,
  type StartPaymentInput,
} from '../gateway.ts';
import { createPayPalApi, type PayPalApi } from './paypal.client.ts';
import type { PayPalSettings } from './paypal.env.ts';
import { declinedNotice, orderCompletion, type PayPalCompletion, paypalValue } from './paypal.notices.ts';
import { verifiedWebhookNotice } from './paypal.webhook.ts';

/**
 * PayPal through its official server SDK (`@paypal/paypal-server-sdk`, ADR 021),
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

const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
const issueOf = (err: unknown): string | undefined =>
  err instanceof CustomError ? err.result?.details?.[0]?.issue : undefined;

export interface PayPalGatewayOptions {
  /** The store's name on PayPal's page (the portal name), when known. */
  brandName?: (storeId: number) => Promise<string | undefined>;
  /** True when a PayPal order is one of our attempts whose order still takes a payment (see the webhook). */
  capturable?: (paypalOrderId: string) => Promise<boolean>;
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
      // No PayPal order id recorded: the customer never got an approval link, so nothing can be paid.
      if (!providerRef) return null;
      const now = await read(providerRef);
      if (now.state !== 'approved') return now.notice ?? null;
      // Approved but never captured: capture, unless the order was paid otherwise meanwhile.
      if (options.capturable && !(await options.capturable(providerRef))) return null;
      return (await capture(providerRef)).notice ?? null;
    },

    verifyNotice: ({ headers, rawBody }) =>
      verifiedWebhookNotice(
        { api, webhookId: settings.webhookId, capture, capturable: options.capturable },
        { headers, rawBody },
      ),

    async refund({ providerRef, amountCents, paymentId, refundedBeforeCents }) {
      const captured = (await api.orders.getOrder({ id: providerRef })).result;
      // The capture as it stands: completed, or already (partly) refunded when this repeats a refund.
      const captureId = captured.purchaseUnits?.[0]?.payments?.captures?.find((c) =>
        REFUNDABLE.has(String(c.status)),
      )?.id;
      if (!captureId) throw new Error(`PayPal order ${providerRef} has no completed capture to refund`);
      const { result } = await api.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: refundIdempotencyKey({ paymentId, amountCents, refundedBeforeCents }),
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
