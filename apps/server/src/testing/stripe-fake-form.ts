import { randomBytes } from 'node:crypto';

/** The fake Stripe's request parsing, errors and refunds (stripe-fake.ts). */

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`metadata[order_id]=…`, `payment_method_types[0]=card`) into objects. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Json = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  // `x[0]`, `x[1]` objects become arrays.
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(out) as Json;
}

export const stripeError = (status: number, error: Json) => ({ status, body: { error } });

/** POST /v1/refunds: a succeeded intent, up to what is left of its amount. */
export function createRefund(
  intents: Map<string, Json>,
  refunds: Json[],
  body: Json,
): { status: number; body: Json } {
  const intent = intents.get(String(body.payment_intent ?? ''));
  if (!intent)
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_intent',
    });
  if (intent.status !== 'succeeded') {
    return stripeError(400, { type: 'invalid_request_error', code: 'charge_not_refundable' });
  }
  const refunded = refunds
    .filter((r) => r.payment_intent === intent.id)
    .reduce((s, r) => s + Number(r.amount), 0);
  const amount = body.amount === undefined ? Number(intent.amount) - refunded : Number(body.amount);
  if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > Number(intent.amount)) {
    return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' });
  }
  const refund: Json = {
    id: id('re'),
    object: 'refund',
    amount,
    charge: intent.latest_charge,
    created: now(),
    currency: intent.currency,
    metadata: body.metadata ?? {},
    payment_intent: intent.id,
    reason: body.reason ?? null,
    status: 'succeeded',
  };
  refunds.push(refund);
  return { status: 200, body: refund };
}
