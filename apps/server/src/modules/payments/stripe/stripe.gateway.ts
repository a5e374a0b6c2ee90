import Stripe from 'stripe';
import { AppError } from '../../../http/app-error.ts';
import type { CheckoutNext, PaymentGateway, PaymentNotice, StartPaymentInput } from '../gateway.ts';

/**
 * Stripe through the official `stripe` package (ADR 011): a PaymentIntent per
 * order and attempt; the browser's Payment Element takes the card and confirms
 * with Stripe.js (card data never reaches us); the shop learns the outcome from
 * the signed webhook (`/payments/stripe/webhook`) and from
 * `stripe/rest/process/?order_id=` when the browser comes back, whichever is first.
 */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API base (tests: a local fake; otherwise unset). */
  apiUrl?: string;
}

/** A verified webhook event the shop does not act on (answered 200 so Stripe stops sending it). */
export class IgnoredStripeEvent extends Error {
  override name = 'IgnoredStripeEvent';
}

/** Where the browser's payment stands after `complete`: the answer's `next`, and a notice when it is settled. */
export interface StripeCompletion {
  next: CheckoutNext;
  notice?: PaymentNotice;
}

export interface StripeGateway extends PaymentGateway {
  readonly name: 'stripe';
  /**
   * Reads the PaymentIntent (after the browser confirmed it, or confirms it here
   * with the browser's confirmation token) and says what it means.
   */
  complete(
    providerRef: string,
    options: { confirmationToken?: string; returnUrl: string },
  ): Promise<StripeCompletion>;
}

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/**
 * Card-only methods this adapter takes: 'stripe' (the Payment Element), and 'cc'
 * when PAYMENT_GATEWAYS sends the shop's card form here (its fields are ignored).
 */
const CARD_METHODS = new Set(['cc', 'stripe']);

/** What we keep of a PaymentIntent: ids and status, never card details. */
const intentSummary = (intent: Stripe.PaymentIntent) => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amount,
  amount_received: intent.amount_received,
  currency: intent.currency,
  latest_charge:
    typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
  decline_code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
});

const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? '');

export function createStripeGateway(
  settings: StripeSettings,
  client: Stripe = createStripeClient(settings),
): StripeGateway {
  const element = (intent: Stripe.PaymentIntent): CheckoutNext => ({
    type: 'stripe',
    client_secret: intent.client_secret ?? '',
    publishable_key: settings.publishableKey,
  });

  /** The intent's state as the shop sees it. Failed = the attempt is over (declined, canceled). */
  const completion = (intent: Stripe.PaymentIntent): StripeCompletion => {
    const raw = intentSummary(intent);
    switch (intent.status) {
      case 'succeeded':
        return {
          next: { type: 'success' },
          notice: {
            eventId: `stripe:${intent.id}:succeeded`,
            providerRef: intent.id,
            outcome: 'paid',
            amountCents: intent.amount_received,
            raw,
          },
        };
      case 'processing':
      case 'requires_capture':
        return { next: { type: 'pending' } };
      case 'requires_action': {
        const url = intent.next_action?.redirect_to_url?.url;
        return { next: url ? { type: '3ds', url } : element(intent) };
      }
      case 'canceled':
        return {
          next: { type: 'failed', message: '' },
          notice: { eventId: `stripe:${intent.id}:canceled`, providerRef: intent.id, outcome: 'failed', raw },
        };
      default: {
        const error = intent.last_payment_error;
        if (!error) return { next: element(intent) };
        return {
          next: { type: 'failed', message: '' },
          notice: {
            // One event per declined try (a new card is a new payment method).
            eventId: `stripe:${intent.id}:failed:${refOf(error.payment_method) || error.charge || error.code || 'unknown'}`,
            providerRef: intent.id,
            outcome: 'failed',
            raw,
          },
        };
      }
    }
  };

  const retrieve = (ref: string) => client.paymentIntents.retrieve(ref);

  return {
    name: 'stripe',
    // The Payment Element first: a store's card goes through it when Stripe is chosen implicitly.
    methods: ['stripe', 'cc'],

    async start(input: StartPaymentInput) {
      if (!CARD_METHODS.has(input.method)) {
        return {
          outcome: 'failed',
          next: { type: 'failed', message: '' },
          data: { error: 'method_not_supported' },
        };
      }
      // One intent per order and attempt: a repeated start (a retried request) gets the same intent back.
      const intent = await client.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          // This API version replaced payment_method_types with allowed_payment_method_types.
          allowed_payment_method_types: ['card'],
          description: `Order ${input.orderId}`,
          metadata: {
            order_id: input.orderId,
            payment_id: String(input.paymentId),
            attempt: String(input.attempt),
            store_id: String(input.storeId),
          },
        },
        { idempotencyKey: `order-${input.orderId}-attempt-${input.attempt}` },
      );
      return {
        outcome: 'action',
        providerRef: intent.id,
        next: element(intent),
        // return_base: the store's origin, for the 3-D Secure return page (stripe/rest/process).
        data: { payment_intent: intent.id, status: intent.status, return_base: input.baseUrl },
      };
    },

    async complete(providerRef, { confirmationToken, returnUrl }) {
      let intent = await retrieve(providerRef);
      if (
        confirmationToken &&
        (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation')
      ) {
        try {
          intent = await client.paymentIntents.confirm(
            providerRef,
            { confirmation_token: confirmationToken, return_url: returnUrl },
            { idempotencyKey: `confirm-${providerRef}-${confirmationToken}` },
          );
        } catch (err) {
          // A declined card is an answer, not a failure of ours: the intent now carries last_payment_error.
          if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
          intent = await retrieve(providerRef);
        }
      }
      return completion(intent);
    },

    async verifyNotice({ headers, rawBody }) {
      const header = headers['stripe-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signature) throw new AppError('not_allowed', 'forbidden');
      let event: Stripe.Event;
      try {
        // Checks the HMAC-SHA256 of the raw body and the timestamp (5 minutes' tolerance).
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError('not_allowed', 'forbidden');
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled': {
          const intent = event.data.object;
          const settled = completion(intent).notice;
          if (!settled) throw new IgnoredStripeEvent(event.type);
          // The event id is the intent's outcome, not the delivery's: the webhook and the browser's
          // return (`complete`) report the same payment, and applyNotice counts it once.
          return { ...settled, raw: { ...settled.raw, event: event.id, type: event.type } };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          // Only a whole refund changes the payment; a partial one is the operator's own bookkeeping.
          if (!charge.refunded) throw new IgnoredStripeEvent(`${event.type} (partial)`);
          return {
            eventId: `stripe:${event.id}`,
            providerRef: refOf(charge.payment_intent),
            outcome: 'refunded',
            amountCents: charge.amount,
            raw: {
              event: event.id,
              type: event.type,
              charge: charge.id,
              amount_refunded: charge.amount_refunded,
            },
          };
        }
        default:
          throw new IgnoredStripeEvent(event.type);
      }
    },

    async refund({ providerRef, amountCents, paymentId }) {
      const refund = await client.refunds.create(
        { payment_intent: providerRef, amount: amountCents, metadata: { payment_id: String(paymentId) } },
        { idempotencyKey: `refund-${paymentId}-${amountCents}` },
      );
      return { providerRef: refund.id };
    },
  };
}
