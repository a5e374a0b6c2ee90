import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { browserRoute, isBrowserRequest } from './stripe-fake-browser.ts';
import { createRefund, parseStripeForm, stripeError } from './stripe-fake-form.ts';
import {
  collectSepa,
  confirmCard,
  confirmSepa,
  createIntent,
  type FakeStripeStore,
  kindsOf,
  payMultibanco,
  SEPA_TEST_IBANS,
  searchIntents,
} from './stripe-fake-methods.ts';
import { STRIPE_JS_STAND_IN } from './stripe-js-stand-in.ts';

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls, so the
 * official client runs unchanged against a real HTTP server on 127.0.0.1:
 * POST /v1/payment_intents, GET /v1/payment_intents/:id,
 * POST /v1/payment_intents/:id/confirm, GET /v1/payment_intents/search,
 * GET /v1/charges/:id, GET /v1/mandates/:id, POST /v1/refunds (SEPA and
 * Multibanco: stripe-fake-methods.ts). Shapes follow the
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
  charges: Map<string, Json>;
  mandates: Map<string, Json>;
  /**
   * Plays what Stripe.js does in the browser when the customer submits the Payment
   * Element (a SEPA intent: the IBAN entered, Stripe's succeeding or failing test IBAN by outcome).
   */
  browserConfirms(intentId: string, outcome: BrowserOutcome, iban?: string): Json;
  /** A SEPA debit is collected (or refused by the bank): `processing` ends. */
  collect(intentId: string): Json;
  /** A Multibanco voucher is paid at an ATM. */
  payVoucher(intentId: string): Json;
  /** A confirmation token the browser would create, for a server-side confirm with that outcome. */
  confirmationToken(outcome: BrowserOutcome): string;
  /** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
  event(type: string, object: Json, id?: string): { body: string; signature: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const publishableKey = options.publishableKey ?? FAKE_STRIPE_PUBLISHABLE;
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, Json>();
  const refunds: Json[] = [];
  const tokens = new Map<string, BrowserOutcome>();
  const store: FakeStripeStore = { charges: new Map(), mandates: new Map(), sepaOutcomes: new Map() };
  const idempotent = new Map<string, { path: string; body: string; status: number; answer: Json }>();

  const settle = (intent: Json, outcome: BrowserOutcome, returnUrl?: string, iban?: string) => {
    if (kindsOf(intent).includes('sepa_debit')) {
      // An IBAN is not declined at once: the bank refuses the debit later (collect).
      confirmSepa(
        store,
        intent,
        iban ?? (outcome === 'decline' ? SEPA_TEST_IBANS.fails : SEPA_TEST_IBANS.succeeds),
      );
      return undefined;
    }
    return confirmCard(intent, outcome, returnUrl);
  };

  const route = (
    method: string,
    path: string,
    body: Json,
    query: URLSearchParams,
  ): { status: number; body: Json } => {
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      return { status: 200, body: searchIntents(intents.values(), query.get('query') ?? '') };
    }
    const object = /^\/v1\/(charges|mandates)\/([^/]+)$/.exec(path);
    if (method === 'GET' && object?.[2]) {
      const found = (object[1] === 'charges' ? store.charges : store.mandates).get(object[2]);
      return found
        ? { status: 200, body: found }
        : stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id' });
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const created = createIntent(body);
      if (created.status === 200) intents.set(String(created.body.id), created.body);
      return created;
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
    if (method === 'POST' && path === '/v1/refunds') return createRefund(intents, refunds, body);
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
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/stand-in/stripe.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(STRIPE_JS_STAND_IN);
    }
    const body = parseStripeForm(raw);
    if (isBrowserRequest(publishableKey, body, url.searchParams)) {
      requests.push({ method, path, body });
      const answer = browserRoute(store, intents, { method, path, body, query: url.searchParams });
      return send(answer.status, answer.body, { 'access-control-allow-origin': '*' });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
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
      const answer = route(method, path, body, url.searchParams);
      idempotent.set(idempotencyKey, {
        path,
        body: raw,
        status: answer.status,
        answer: structuredClone(answer.body),
      });
      return send(answer.status, answer.body);
    }
    const answer = route(method, path, body, url.searchParams);
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

  const intentOf = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    charges: store.charges,
    mandates: store.mandates,
    browserConfirms(intentId, outcome, iban) {
      const intent = intentOf(intentId);
      settle(intent, outcome, undefined, iban);
      return intent;
    },
    collect(intentId) {
      const intent = intentOf(intentId);
      collectSepa(store, intent);
      return intent;
    },
    payVoucher(intentId) {
      const intent = intentOf(intentId);
      payMultibanco(intent);
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

export { parseStripeForm };
