import { randomBytes } from 'node:crypto';
import { stripeError } from './stripe-fake-form.ts';

/**
 * The fake Stripe's asynchronous methods, after Stripe's published API
 * reference and guides (shapes as the stripe package types them:
 * resources/PaymentIntents.d.ts NextAction.MultibancoDisplayDetails,
 * Charges.d.ts PaymentMethodDetails.SepaDebit, Mandates.d.ts):
 * - Multibanco, confirmed when created: requires_action with
 *   next_action.multibanco_display_details (entity, reference, expires_at);
 *   Stripe refuses it without billing_details[email].
 * - SEPA Direct Debit: once the browser confirms with an IBAN the intent is
 *   `processing`, its charge names the mandate; the debit is collected later
 *   (succeeded) or fails (requires_payment_method with last_payment_error).
 *   Stripe's test IBANs decide: AT611904300234573201 succeeds,
 *   AT861904300235473202 fails ("SEPA Direct Debit" testing guide).
 */

type Json = Record<string, unknown>;

export const SEPA_TEST_IBANS = {
  succeeds: 'AT611904300234573201',
  fails: 'AT861904300235473202',
} as const;

/** The Multibanco entity Stripe's test mode shows on vouchers (any 5 digits do here). */
export const FAKE_MULTIBANCO_ENTITY = '11249';

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface FakeStripeStore {
  charges: Map<string, Json>;
  mandates: Map<string, Json>;
  /** How each SEPA intent's debit ends when collected. */
  sepaOutcomes: Map<string, 'succeeds' | 'fails'>;
}

export const kindsOf = (intent: Json) => (intent.payment_method_types as string[] | undefined) ?? ['card'];

/** A create's Multibanco confirmation: the voucher, or Stripe's 400 body. */
export function confirmMultibanco(intent: Json, body: Json): Json | undefined {
  const data = (body.payment_method_data ?? {}) as { type?: string; billing_details?: { email?: string } };
  if (data.type !== 'multibanco' || !data.billing_details?.email) {
    return {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'payment_method_data[billing_details][email]',
      message: 'Missing required param: payment_method_data[billing_details][email].',
    };
  }
  // A 9-digit reference; Stripe's vouchers last 7 days by default.
  const reference = String(100_000_000 + (randomBytes(4).readUInt32BE() % 900_000_000));
  Object.assign(intent, {
    status: 'requires_action',
    payment_method: fakeId('pm'),
    receipt_email: data.billing_details.email,
    next_action: {
      type: 'multibanco_display_details',
      multibanco_display_details: {
        entity: FAKE_MULTIBANCO_ENTITY,
        reference,
        expires_at: now() + 7 * 86_400,
        hosted_voucher_url: `https://payments.invalid/multibanco/${intent.id}`,
      },
    },
  });
  return undefined;
}

/** The customer paid the voucher at an ATM: the intent succeeds. */
export function payMultibanco(intent: Json): void {
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: fakeId('py'),
    next_action: null,
  });
}

/** The browser confirmed a SEPA intent with an IBAN: a mandate, a charge, `processing`. */
export function confirmSepa(store: FakeStripeStore, intent: Json, iban: string): void {
  const mandateId = fakeId('mandate');
  const chargeId = fakeId('py');
  const compact = iban.replace(/\s/g, '').toUpperCase();
  store.mandates.set(mandateId, {
    id: mandateId,
    object: 'mandate',
    customer_acceptance: {
      accepted_at: now(),
      online: { ip_address: '127.0.0.1', user_agent: 'fake' },
      type: 'online',
    },
    livemode: false,
    payment_method: intent.payment_method,
    payment_method_details: {
      type: 'sepa_debit',
      sepa_debit: {
        reference: randomBytes(8).toString('hex').toUpperCase(),
        url: `https://payments.invalid/mandates/${mandateId}`,
      },
    },
    status: 'active',
    type: 'multi_use',
  });
  store.charges.set(chargeId, {
    id: chargeId,
    object: 'charge',
    amount: intent.amount,
    created: now(),
    payment_intent: intent.id,
    status: 'pending',
    payment_method_details: {
      type: 'sepa_debit',
      sepa_debit: {
        bank_code: compact.slice(4, 9),
        country: compact.slice(0, 2),
        last4: compact.slice(-4),
        mandate: mandateId,
      },
    },
  });
  store.sepaOutcomes.set(String(intent.id), compact === SEPA_TEST_IBANS.fails ? 'fails' : 'succeeds');
  Object.assign(intent, {
    status: 'processing',
    payment_method: fakeId('pm'),
    latest_charge: chargeId,
    last_payment_error: null,
    next_action: null,
  });
}

/** The bank collects (or refuses) the debit, days later in real life. */
export function collectSepa(store: FakeStripeStore, intent: Json): void {
  const charge = store.charges.get(String(intent.latest_charge));
  if (store.sepaOutcomes.get(String(intent.id)) === 'fails') {
    if (charge) charge.status = 'failed';
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_method_provider_decline',
        message: 'The debit was refused by the bank.',
        payment_method: { id: intent.payment_method, object: 'payment_method' },
      },
      payment_method: null,
    });
    return;
  }
  if (charge) charge.status = 'succeeded';
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
}

/** GET /v1/payment_intents/search: the `metadata['key']:'value'` clauses joined by AND. */
export function searchIntents(intents: Iterable<Json>, query: string): Json {
  const clauses = [...query.matchAll(/metadata\['([a-z_]+)'\]:'([^']*)'/g)].map((m) => [m[1], m[2]]);
  const data = [...intents].filter((intent) =>
    clauses.every(([key, value]) => (intent.metadata as Json)[String(key)] === value),
  );
  return {
    object: 'search_result',
    data,
    has_more: false,
    next_page: null,
    url: '/v1/payment_intents/search',
  };
}

/** The browser confirmed a card intent (Stripe's test cards: approved, declined, 3-D Secure). */
export function confirmCard(
  intent: Json,
  outcome: 'approve' | 'decline' | 'challenge',
  returnUrl?: string,
): Json | undefined {
  const pm = fakeId('pm');
  intent.payment_method = pm;
  if (outcome === 'approve') {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: fakeId('ch'),
      last_payment_error: null,
      next_action: null,
    });
    return undefined;
  }
  if (outcome === 'challenge') {
    Object.assign(intent, {
      status: 'requires_action',
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `https://hooks.invalid/3d_secure_2/${intent.id}`,
          return_url: returnUrl ?? null,
        },
      },
    });
    return undefined;
  }
  const error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    payment_method: { id: pm, object: 'payment_method' },
  };
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    last_payment_error: error,
    next_action: null,
  });
  return { ...error, payment_intent: intent };
}

/** POST /v1/payment_intents: a new intent (Stripe's create rules the adapter meets), Multibanco confirmed at once. */
export function createIntent(body: Json): { status: number; body: Json } {
  const amount = Number(body.amount);
  if (!Number.isInteger(amount) || amount < 50) {
    return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount' });
  }
  if (typeof body.currency !== 'string') {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'currency',
    });
  }
  const intentId = fakeId('pi');
  const intent: Json = {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: body.automatic_payment_methods ?? null,
    capture_method: 'automatic',
    client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: body.currency,
    description: body.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: body.metadata ?? {},
    next_action: null,
    payment_method: null,
    allowed_payment_method_types: body.allowed_payment_method_types ?? null,
    payment_method_types: body.allowed_payment_method_types ?? ['card'],
    receipt_email: null,
    status: 'requires_payment_method',
  };
  if (body.confirm === 'true' && kindsOf(intent).includes('multibanco')) {
    const refused = confirmMultibanco(intent, body);
    if (refused) return stripeError(400, refused);
  }
  return { status: 200, body: intent };
}
