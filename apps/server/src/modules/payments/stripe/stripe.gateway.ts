import Stripe from 'stripe';
import {
  type CheckoutNext,
  type PaymentGateway,
  refundIdempotencyKey,
  type StartPaymentInput,
} from '../gateway.ts';
import { IgnoredStripeEvent, noticeOfEvent, verifiedEvent } from './stripe-events.ts';
import {
  intentCompletion,
  intentParams,
  multibancoVoucher,
  STRIPE_METHODS,
  type StripeCompletion,
  sepaMandate,
  stripeKindOf,
} from './stripe-intent.ts';

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

export type { StripeCompletion };
export { IgnoredStripeEvent };

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

export function createStripeGateway(
  settings: StripeSettings,
  client: Stripe = createStripeClient(settings),
): StripeGateway {
  const element = (intent: Stripe.PaymentIntent): CheckoutNext => ({
    type: 'stripe',
    client_secret: intent.client_secret ?? '',
    publishable_key: settings.publishableKey,
  });

  /** The intent's state; a SEPA debit being collected brings its mandate along (kept with the payment). */
  const completion = async (intent: Stripe.PaymentIntent): Promise<StripeCompletion> => {
    const done = intentCompletion(intent, element(intent));
    if (done.notice?.outcome === 'pending' && intent.payment_method_types.includes('sepa_debit')) {
      const mandate = await sepaMandate(client, intent);
      if (mandate) done.notice.data = { mandate };
    }
    return done;
  };

  const retrieve = (ref: string) => client.paymentIntents.retrieve(ref);

  return {
    name: 'stripe',
    // The Payment Element first: a store's card goes through it when Stripe is chosen implicitly.
    methods: STRIPE_METHODS,

    async start(input: StartPaymentInput) {
      const kind = stripeKindOf(input.method);
      if (!kind) {
        return {
          outcome: 'failed',
          next: { type: 'failed', message: '' },
          data: { error: 'method_not_supported' },
        };
      }
      // One intent per order and attempt: a repeated start (a retried request) gets the same intent back.
      let intent: Stripe.PaymentIntent;
      try {
        intent = await client.paymentIntents.create(intentParams(input, kind), {
          idempotencyKey: `order-${input.orderId}-attempt-${input.attempt}`,
        });
      } catch (err) {
        // A Multibanco confirmation Stripe refuses is a failed attempt (the order stays payable).
        if (
          !(err instanceof Stripe.errors.StripeError) ||
          err.statusCode === undefined ||
          err.statusCode >= 500
        )
          throw err;
        return {
          outcome: 'failed',
          next: { type: 'failed', message: '' },
          data: { error: err.code ?? 'stripe_refused', kind },
        };
      }
      // return_base: the store's origin, for the 3-D Secure return page (stripe/rest/process).
      const data: Record<string, unknown> = {
        payment_intent: intent.id,
        status: intent.status,
        kind,
        return_base: input.baseUrl,
      };
      if (kind === 'multibanco') {
        const voucher = multibancoVoucher(intent);
        if (!voucher) {
          return {
            outcome: 'failed',
            providerRef: intent.id,
            next: { type: 'failed', message: '' },
            data: { ...data, error: 'no_voucher' },
          };
        }
        // Paid at an ATM or home banking: payment_intent.succeeded says so (the voucher lapses at expires_at).
        return {
          outcome: 'action',
          providerRef: intent.id,
          next: { type: 'voucher', ...voucher },
          data: { ...data, voucher },
        };
      }
      // Cards and SEPA: the Payment Element in the browser (the IBAN, like the card, goes to Stripe only).
      return { outcome: 'action', providerRef: intent.id, next: element(intent), data };
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
      const event = verifiedEvent(client, settings.webhookSecret, headers, rawBody);
      const notice = await noticeOfEvent(event, completion);
      if (!notice) throw new IgnoredStripeEvent(event.type);
      return notice;
    },

    async lookup({ providerRef, orderId, attempt }) {
      let intent: Stripe.PaymentIntent | undefined;
      if (providerRef) intent = await retrieve(providerRef);
      else {
        // The attempt's intent by its metadata (Stripe's Search API, "Search query language"). Search
        // is eventually consistent (an intent is searchable within about a minute): a job retries later.
        const found = await client.paymentIntents.search({
          query: `metadata['order_id']:'${orderId}' AND metadata['attempt']:'${attempt}'`,
          limit: 1,
        });
        intent = found.data[0];
      }
      return intent ? ((await completion(intent)).notice ?? null) : null;
    },

    async refund(input) {
      const { providerRef, amountCents, paymentId } = input;
      const refund = await client.refunds.create(
        { payment_intent: providerRef, amount: amountCents, metadata: { payment_id: String(paymentId) } },
        { idempotencyKey: refundIdempotencyKey(input) },
      );
      return { providerRef: refund.id };
    },
  };
}
