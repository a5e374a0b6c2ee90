import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls, so the
 * official client runs unchanged against a real HTTP server on 127.0.0.1:
 * POST /v1/payment_intents, GET /v1/payment_intents/:id,
 * POST /v1/payment_intents/:id/confirm, POST /v1/refunds. Shapes follow the
 * stripe package's types (resources/PaymentIntents.d.ts, Refunds.d.ts) and
 * Stripe's rules the adapter relies on: Bearer key, form-encoded bodies,
 * idempotency keys that replay the first answer (and refuse another body),
 * error bodies `{ error: { type, code, message, decline_code } }`.
 */

export const FAKE_STRIPE_SECRET = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_PUBLISHABLE = 'pk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

/** What the customer's browser did with the Payment Element (Stripe.js talks to Stripe, not to us). */
export type BrowserOutcome = 'approve' | 'decline' | 'challenge';

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  body: Json;
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  requests: FakeStripeRequest[];
  intents: Map<string, Json>;
  refunds: Json[];
  /** Plays what Stripe.js does in the browser when the customer submits the Payment Element. */
  browserConfirms(intentId: string, outcome: BrowserOutcome): Json;
  /** A confirmation token the browser would create, for a server-side confirm with that outcome. */
  confirmationToken(outcome: BrowserOutcome): string;
  /** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
  event(type: string, object: Json, id?: string): { body: string; signature: string };
  close(): Promise<void>;
}

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

const stripeError = (status: number, error: Json) => ({ status, body: { error } });

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, Json>();
  const refunds: Json[] = [];
  const tokens = new Map<string, BrowserOutcome>();
  const idempotent = new Map<string, { path: string; body: string; status: number; answer: Json }>();

  const settle = (intent: Json, outcome: BrowserOutcome, returnUrl?: string): Json | undefined => {
    const pm = id('pm');
    intent.payment_method = pm;
    if (outcome === 'approve') {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: id('ch'),
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
  };

  const route = (method: string, path: string, body: Json): { status: number; body: Json } => {
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') {
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
      const intentId = id('pi');
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
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (intentMatch?.[1]) {
      const intent = intents.get(intentMatch[1]);
      if (!intent) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${intentMatch[1]}'`,
        });
      }
      if (method === 'GET' && !intentMatch[2]) return { status: 200, body: intent };
      if (method === 'POST' && intentMatch[2]) {
        const outcome = tokens.get(String(body.confirmation_token ?? ''));
        if (!outcome) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'confirmation_token',
          });
        }
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
          return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        }
        const declined = settle(
          intent,
          outcome,
          typeof body.return_url === 'string' ? body.return_url : undefined,
        );
        return declined ? stripeError(402, declined) : { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
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
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0] ?? '';
    const method = req.method ?? 'GET';
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    const body = parseStripeForm(raw);
    requests.push({ method, path, idempotencyKey, body });
    if (method === 'POST' && idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen && (seen.path !== path || seen.body !== raw)) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      if (seen) return send(seen.status, seen.answer, { 'idempotent-replayed': 'true' });
      const answer = route(method, path, body);
      idempotent.set(idempotencyKey, {
        path,
        body: raw,
        status: answer.status,
        answer: structuredClone(answer.body),
      });
      return send(answer.status, answer.body);
    }
    const answer = route(method, path, body);
    return send(answer.status, answer.body);
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    browserConfirms(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
      settle(intent, outcome);
      return intent;
    },
    confirmationToken(outcome) {
      const token = id('ctoken');
      tokens.set(token, outcome);
      return token;
    },
    event(type, object, eventId = id('evt')) {
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return {
        body,
        signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
