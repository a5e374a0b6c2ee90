import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base, issue, type Json, paypalId, webhookSigner } from './paypal-fake-webhooks.ts';

/**
 * A local stand-in for the few PayPal REST endpoints the adapter calls, so the
 * official SDK runs unchanged against a real HTTP server on 127.0.0.1 (the
 * adapter's PAYPAL_API_URL agent sends PayPal's host here): OAuth 2 token,
 * Orders v2 create / show / capture, Payments v2 show capture / refund, and
 * Webhooks v1 verify-webhook-signature. Shapes and rules follow PayPal's API
 * reference and its sample bodies: Basic auth for the token and Bearer after,
 * PayPal-Request-Id replaying an accepted request's answer, 422 issues
 * (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED,
 * REFUND_AMOUNT_EXCEEDED), and deliveries signed over
 * `transmission_id|transmission_time|webhook_id|crc32(body)` (RSA-SHA256).
 */

export const FAKE_PAYPAL_CLIENT_ID = 'AfakeClientId0123456789abcdef';
export const FAKE_PAYPAL_SECRET = 'EfakeSecret0123456789abcdefghij';
export const FAKE_PAYPAL_WEBHOOK_ID = '8PT597110X687430LKGECATA';

/** The sandbox buyer who approves (PayPal's sample payer); the shop keeps the id, never the e-mail. */
export const FAKE_PAYER_ID = 'QYR5Z8XDVJNXQ';
export const FAKE_PAYER_EMAIL = 'sb-payer47@personal.example.com';

export interface FakePayPalRequest {
  method: string;
  path: string;
  requestId?: string;
  body: Json;
}

export interface FakePayPal {
  /** For PAYPAL_API_URL. */
  url: string;
  requests: FakePayPalRequest[];
  orders: Map<string, Json>;
  captures: Map<string, Json>;
  refunds: Json[];
  /** The customer approves the order on PayPal's page (`decline`: their funding source then fails at capture). */
  approve(orderId: string, options?: { decline?: boolean }): void;
  /** A webhook delivery as PayPal sends it: the JSON body and its PAYPAL-* headers, signed. */
  event(type: string, resource: Json, id?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const money = (value: string) => ({ currency_code: 'EUR', value });
const cents = (value: unknown) => Math.round(Number(value) * 100);
const euros = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The environment of an app whose store 14 takes PayPal through the adapter, against the fake at `url`. */
export function paypalEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_SECRET,
    PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID,
    PAYPAL_API_URL: url,
    PAYMENT_GATEWAYS: '14:paypal=paypal',
    ...extra,
  };
}

export async function startFakePayPal(options: { webhookId?: string } = {}): Promise<FakePayPal> {
  const webhookId = options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID;
  const webhooks = webhookSigner(webhookId);
  const token = `A21AA${randomBytes(24).toString('hex')}`;
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, Json>();
  const captures = new Map<string, Json>();
  const refunds: Json[] = [];
  const declining = new Set<string>();
  const replay = new Map<string, { path: string; status: number; body: Json }>();

  const link = (href: string, rel: string, method = 'GET') => ({ href: `${base}${href}`, rel, method });

  const createOrder = (body: Json) => {
    const units = body.purchase_units as Json[] | undefined;
    const amount = units?.[0]?.amount as Json | undefined;
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return issue(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    if (amount?.currency_code !== 'EUR' || !/^\d+(\.\d{2})?$/.test(String(amount.value))) {
      return issue(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    }
    const id = paypalId();
    const order: Json = {
      id,
      intent: body.intent,
      status: 'PAYER_ACTION_REQUIRED',
      payment_source: body.payment_source ?? {},
      purchase_units: units?.map((u) => ({ ...u, reference_id: u.reference_id ?? 'default' })),
      create_time: new Date().toISOString(),
      links: [
        link(`/v2/checkout/orders/${id}`, 'self'),
        {
          href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
          rel: 'payer-action',
          method: 'GET',
        },
      ],
    };
    orders.set(id, order);
    return { status: 201, body: { id, status: order.status, links: order.links } };
  };

  const captureOrder = (order: Json) => {
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const id = String(order.id);
    if (declining.has(id)) return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    const unit = (order.purchase_units as Json[])[0] as Json;
    const captureId = paypalId();
    const capture: Json = {
      id: captureId,
      status: 'COMPLETED',
      amount: unit.amount,
      final_capture: true,
      custom_id: unit.custom_id,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      supplementary_data: { related_ids: { order_id: id } },
      links: [
        link(`/v2/payments/captures/${captureId}`, 'self'),
        link(`/v2/payments/captures/${captureId}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${id}`, 'up'),
      ],
      create_time: new Date().toISOString(),
    };
    captures.set(captureId, capture);
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    return { status: 201, body: order };
  };

  const refundCapture = (capture: Json, body: Json) => {
    const total = cents((capture.amount as Json).value);
    const done = refunds
      .filter((r) => r.capture === capture.id)
      .reduce((s, r) => s + cents((r.amount as Json).value), 0);
    const amount = body.amount ? cents((body.amount as Json).value) : total - done;
    if (!Number.isInteger(amount) || amount <= 0 || done + amount > total) {
      return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const id = paypalId();
    const refund: Json = {
      id,
      status: 'COMPLETED',
      amount: money(euros(amount)),
      seller_payable_breakdown: {
        gross_amount: money(euros(amount)),
        total_refunded_amount: money(euros(done + amount)),
      },
      links: [link(`/v2/payments/refunds/${id}`, 'self'), link(`/v2/payments/captures/${capture.id}`, 'up')],
      create_time: new Date().toISOString(),
    };
    refunds.push({ ...refund, capture: capture.id });
    capture.status = done + amount === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 201, body: refund };
  };

  const route = (method: string, path: string, body: Json): { status: number; body: Json } => {
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return webhooks.verify(body);
    const order = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (order?.[1]) {
      const found = orders.get(order[1]);
      if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !order[2]) return { status: 200, body: found };
      if (method === 'POST' && order[2]) return captureOrder(found);
    }
    const capture = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(path);
    if (capture?.[1]) {
      const found = captures.get(capture[1]);
      if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !capture[2]) return { status: 200, body: found };
      if (method === 'POST' && capture[2]) return refundCapture(found, body);
    }
    return issue(404, 'NOT_FOUND', 'INVALID_RESOURCE_ID');
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const send = (status: number, body: Json) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'paypal-debug-id': paypalId().toLowerCase(),
      });
      res.end(JSON.stringify(body));
    };
    // The SDK asks for PayPal's host name; the request line is the path.
    const path = new URL(req.url ?? '/', 'http://paypal.invalid').pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_SECRET}`).toString('base64')}`;
      if (
        req.headers.authorization !== basic ||
        new URLSearchParams(raw).get('grant_type') !== 'client_credentials'
      ) {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      return send(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials.',
      });
    }
    let body: Json = {};
    try {
      body = raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      return send(400, issue(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON').body);
    }
    const requestId =
      typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    requests.push({ method, path, requestId, body });
    const seen = requestId ? replay.get(requestId) : undefined;
    if (method === 'POST' && seen?.path === path) return send(seen.status, seen.body);
    const answer = route(method, path, body);
    // A refused request did nothing: only an accepted one is replayed ("the latest status" of it).
    if (method === 'POST' && requestId && answer.status < 300)
      replay.set(requestId, { path, status: answer.status, body: structuredClone(answer.body) });
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
    orders,
    captures,
    refunds,
    approve(orderId, approveOptions = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake paypal: no order ${orderId}`);
      order.status = 'APPROVED';
      const name = { given_name: 'Marta', surname: 'Payer' };
      // What PayPal returns once the buyer approved: payment_source.paypal, and the older `payer`.
      order.payment_source = {
        paypal: {
          email_address: FAKE_PAYER_EMAIL,
          account_id: FAKE_PAYER_ID,
          account_status: 'VERIFIED',
          name,
          address: { country_code: 'ES' },
        },
      };
      order.payer = {
        payer_id: FAKE_PAYER_ID,
        email_address: FAKE_PAYER_EMAIL,
        name,
        address: { country_code: 'ES' },
      };
      if (approveOptions.decline) declining.add(orderId);
    },
    event: webhooks.event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
