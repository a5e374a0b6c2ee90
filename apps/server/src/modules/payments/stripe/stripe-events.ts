import type Stripe from 'stripe';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentNotice } from '../gateway.ts';
import { refOf, type StripeCompletion } from './stripe-intent.ts';

/**
 * The webhook events the shop acts on (docs/payments.md lists them for the
 * endpoint's subscription): payment_intent.succeeded / processing /
 * payment_failed / canceled, and charge.refunded. Anything else verified is
 * acknowledged and ignored.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

/** A verified webhook event the shop does not act on (answered 200 so Stripe stops sending it). */
export class IgnoredStripeEvent extends Error {
  override name = 'IgnoredStripeEvent';
}

/** The event, when the Stripe-Signature header holds for the raw body (403 otherwise). */
export function verifiedEvent(
  client: Stripe,
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Stripe.Event {
  const header = headers['stripe-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) throw new AppError('not_allowed', 'forbidden');
  try {
    // Checks the HMAC-SHA256 of the raw body and the timestamp (5 minutes' tolerance).
    return client.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('not_allowed', 'forbidden');
  }
}

/**
 * What a verified event means for a payment; null when it changes nothing.
 * The event id of a PaymentIntent event is the intent's outcome, not the
 * delivery's: the webhook and the browser's return (`complete`) report the same
 * payment, and applyNotice counts it once.
 */
export async function noticeOfEvent(
  event: Stripe.Event,
  completion: (intent: Stripe.PaymentIntent) => Promise<StripeCompletion>,
): Promise<PaymentNotice | null> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const settled = (await completion(event.data.object)).notice;
      if (!settled) return null;
      return { ...settled, raw: { ...settled.raw, event: event.id, type: event.type } };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // Only a whole refund changes the payment; a partial one is the operator's own bookkeeping.
      if (!charge.refunded) return null;
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
      return null;
  }
}
