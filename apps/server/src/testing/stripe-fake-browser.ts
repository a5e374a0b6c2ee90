import { stripeError } from './stripe-fake-form.ts';
import { confirmCard, confirmSepa, type FakeStripeStore, kindsOf } from './stripe-fake-methods.ts';

/**
 * What the fake Stripe answers the browser (Stripe.js, here its stand-in,
 * stripe-js-stand-in.ts): the PaymentIntent read and confirmed with the
 * publishable key and the intent's client secret (no secret key), as Stripe.js
 * does from the customer's browser. The card or IBAN arrives here, at
 * "Stripe", never at the shop. Outcomes follow Stripe's test numbers: card
 * 4000000000000002 is declined, 4000002760003184 asks for 3-D Secure, any
 * other approves; SEPA: stripe-fake-methods.ts SEPA_TEST_IBANS.
 */

type Json = Record<string, unknown>;

/** True when the request carries the publishable key (query or body) instead of the secret key. */
export function isBrowserRequest(publishableKey: string, body: Json, query: URLSearchParams): boolean {
  return body.key === publishableKey || query.get('key') === publishableKey;
}

export function browserRoute(
  store: FakeStripeStore,
  intents: Map<string, Json>,
  request: { method: string; path: string; body: Json; query: URLSearchParams },
): { status: number; body: Json } {
  const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(request.path);
  const intent = match?.[1] ? intents.get(match[1]) : undefined;
  const secret = request.method === 'GET' ? request.query.get('client_secret') : request.body.client_secret;
  if (!intent || secret !== intent.client_secret) {
    return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent' });
  }
  // What Stripe.js sees of an intent: no metadata, no description.
  const seen = () => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    client_secret: intent.client_secret,
    payment_method_types: intent.payment_method_types,
    status: intent.status,
    next_action: intent.next_action,
  });
  if (request.method === 'GET' && !match?.[2]) return { status: 200, body: seen() };
  if (request.method !== 'POST' || !match?.[2]) {
    return stripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
  }
  if (intent.status !== 'requires_payment_method') {
    return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
  }
  const data = (request.body.payment_method_data ?? {}) as {
    card?: { number?: string };
    sepa_debit?: { iban?: string };
  };
  if (kindsOf(intent).includes('sepa_debit')) {
    const iban = data.sepa_debit?.iban ?? '';
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban.replace(/\s/g, '').toUpperCase())) {
      return stripeError(400, { type: 'invalid_request_error', code: 'invalid_bank_account_iban' });
    }
    confirmSepa(store, intent, iban);
    return { status: 200, body: seen() };
  }
  const number = (data.card?.number ?? '').replace(/\s/g, '');
  const outcome =
    number === '4000000000000002' ? 'decline' : number === '4000002760003184' ? 'challenge' : 'approve';
  const declined = confirmCard(
    intent,
    outcome,
    typeof request.body.return_url === 'string' ? request.body.return_url : undefined,
  );
  return declined ? stripeError(402, declined) : { status: 200, body: seen() };
}
