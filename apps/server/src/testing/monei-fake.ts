import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Monei API endpoints the adapter calls, so the
 * official SDK runs unchanged against a real HTTP server on 127.0.0.1:
 * POST /v1/payments, GET /v1/payments/:id, POST /v1/payments/:id/refund. Shapes
 * follow Monei's published API reference (OpenAPI "MONEI API v1": Payment,
 * CreatePaymentRequest, RefundPaymentRequest, the error bodies
 * `{ status, statusCode, message, requestId, requestTime }`), its rules the
 * adapter relies on (the API key alone in `Authorization`, amounts in cents,
 * refunds up to the amount paid) and its callback signature (MONEI-Signature:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the API key>`, the
 * "Verify signature" guide). What the customer does on Monei's hosted page is
 * played by `customerPays` / `customerFails` / `expires`.
 */

export const FAKE_MONEI_API_KEY = 'pk_test_fake0123456789abcdef0123456789';

type Json = Record<string, unknown>;

export interface FakeMoneiRequest {
  method: string;
  path: string;
  authorization?: string;
  body: Json;
}

export interface FakeMonei {
  /** For MONEI_API_URL (the API base, with /v1). */
  url: string;
  requests: FakeMoneiRequest[];
  payments: Map<string, Json>;
  /** Each payment's create request as the adapter sent it (callbackUrl, return pages, phone…). */
  created: Map<string, Json>;
  /** The next created Multibanco payment answers with these voucher details (not in the published reference). */
  multibancoDetails?: Json;
  /** The customer paid on Monei's page (card, Bizum, MB WAY in the app, a Multibanco reference at an ATM). */
  customerPays(paymentId: string): Json;
  /** Declined (a card, Bizum), or refused in the MB WAY app. */
  customerFails(paymentId: string): Json;
  /** Nobody paid in time (an MB WAY request, a Multibanco reference). */
  expires(paymentId: string): Json;
  /** The callback Monei posts to the payment's callbackUrl for its current state: body and headers, signed. */
  callback(
    paymentId: string,
    options?: { apiKey?: string; timestamp?: number },
  ): {
    body: string;
    headers: Record<string, string>;
  };
  close(): Promise<void>;
}

const MONEI_METHODS = new Set(['card', 'bizum', 'multibanco', 'mbway', 'paypal', 'applePay', 'googlePay']);
const REFUND_REASONS = new Set(['duplicated', 'fraudulent', 'requested_by_customer']);

/** Monei's callback signature: t=…,v1=HMAC-SHA256("t.body", apiKey) in hex. */
export function moneiSignature(apiKey: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', apiKey).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const error = (statusCode: number, status: string, message: string) => ({
  status: statusCode,
  body: {
    status,
    statusCode,
    message,
    requestId: randomBytes(8).toString('hex'),
    requestTime: new Date().toISOString(),
  },
});
const badRequest = (message: string) => error(400, 'BadRequestError', message);

export async function startFakeMonei(options: { apiKey?: string } = {}): Promise<FakeMonei> {
  const apiKey = options.apiKey ?? FAKE_MONEI_API_KEY;
  const requests: FakeMoneiRequest[] = [];
  const payments = new Map<string, Json>();
  const created = new Map<string, Json>();
  const now = () => Math.floor(Date.now() / 1000);
  let fake: FakeMonei;

  const create = (body: Json, base: string) => {
    const amount = body.amount;
    if (!Number.isInteger(amount) || (amount as number) < 1)
      return badRequest('amount must be a positive integer');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) {
      return badRequest('currency must be a three-letter ISO code');
    }
    if (typeof body.orderId !== 'string' || body.orderId === '') return badRequest('orderId is required');
    const allowed = body.allowedPaymentMethods;
    if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((m) => !MONEI_METHODS.has(m)))) {
      return badRequest('allowedPaymentMethods has an unknown payment method');
    }
    const id = randomBytes(16).toString('hex');
    const method = Array.isArray(allowed) && allowed.length === 1 ? String(allowed[0]) : undefined;
    const payment: Json = {
      id,
      amount,
      currency: body.currency,
      orderId: body.orderId,
      description: body.description,
      accountId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      livemode: false,
      status: 'PENDING',
      customer: body.customer,
      sessionDetails: body.sessionDetails,
      metadata: body.metadata,
      // The hosted payment page: Monei's address in production, the fake's here (never fetched).
      nextAction: { type: 'CONFIRM', mustRedirect: true, redirectUrl: `${base}/hosted/${id}` },
      createdAt: now(),
      updatedAt: now(),
    };
    if (method === 'multibanco' && fake.multibancoDetails) {
      payment.paymentMethod = { method, multibanco: fake.multibancoDetails };
    }
    payments.set(id, payment);
    created.set(id, body);
    return { status: 200, body: payment };
  };

  const refund = (payment: Json, body: Json) => {
    if (payment.status !== 'SUCCEEDED' && payment.status !== 'PARTIALLY_REFUNDED') {
      return error(422, 'UnprocessableEntityError', 'Only succeeded payments can be refunded');
    }
    const refunded = Number(payment.refundedAmount ?? 0);
    const amount = body.amount === undefined ? Number(payment.amount) - refunded : body.amount;
    if (
      !Number.isInteger(amount) ||
      (amount as number) < 1 ||
      refunded + (amount as number) > Number(payment.amount)
    ) {
      return badRequest('amount exceeds the amount available for refund');
    }
    if (body.refundReason !== undefined && !REFUND_REASONS.has(String(body.refundReason))) {
      return badRequest('refundReason is not valid');
    }
    const total = refunded + (amount as number);
    Object.assign(payment, {
      refundedAmount: total,
      lastRefundAmount: amount,
      lastRefundReason: body.refundReason,
      status: total === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updatedAt: now(),
    });
    return { status: 200, body: payment };
  };

  const route = (method: string, path: string, body: Json, base: string): { status: number; body: Json } => {
    if (method === 'POST' && path === '/v1/payments') return create(body, base);
    const match = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
    const payment = match?.[1] ? payments.get(match[1]) : undefined;
    if (match && !payment) return error(404, 'NotFoundError', 'Payment not found');
    if (payment && method === 'GET' && !match?.[2]) return { status: 200, body: payment };
    if (payment && method === 'POST' && match?.[2]) return refund(payment, body);
    return error(404, 'NotFoundError', `Cannot ${method} ${path}`);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string, base: string) => {
    const send = ({ status, body }: { status: number; body: Json }) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0] ?? '';
    const method = req.method ?? 'GET';
    let body: Json = {};
    try {
      body = raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      return send(badRequest('Invalid JSON'));
    }
    requests.push({ method, path, authorization: req.headers.authorization, body });
    if (req.headers.authorization !== apiKey) return send(error(401, 'UnauthorizedError', 'Unauthorized'));
    return send(route(method, path, body, base));
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw, origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** What Monei's page or the customer's bank decided; status codes from the API reference's table. */
  const settle = (paymentId: string, changes: Json) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake monei: no payment ${paymentId}`);
    Object.assign(payment, changes, { updatedAt: now() });
    delete payment.nextAction;
    return payment;
  };

  fake = {
    url: `${origin}/v1`,
    requests,
    payments,
    created,
    customerPays: (id) =>
      settle(id, { status: 'SUCCEEDED', statusCode: 'E000', statusMessage: 'Transaction approved' }),
    customerFails: (id) =>
      settle(id, {
        status: 'FAILED',
        statusCode: 'E201',
        statusMessage: 'Transaction declined by the card-issuing bank',
      }),
    expires: (id) =>
      settle(id, {
        status: 'EXPIRED',
        statusCode: 'E207',
        statusMessage: 'Transaction failed: process time exceeded',
      }),
    callback(paymentId, { apiKey: key = apiKey, timestamp } = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake monei: no payment ${paymentId}`);
      const body = JSON.stringify(payment);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'monei-signature': moneiSignature(key, body, timestamp),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** Every method Monei takes, on store 16 (Portugal): PAYMENT_GATEWAYS for the tests. */
export const MONEI_STORE_16 =
  '16:monei=monei,16:cc=monei,16:bizum=monei,16:moneimultibanco=monei,16:multibanco=monei,16:mbway=monei';

/** The environment of an app whose store 16 pays through Monei, against the fake at `apiUrl`. */
export function moneiEnv(apiUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    MONEI_API_KEY: FAKE_MONEI_API_KEY,
    MONEI_API_URL: apiUrl,
    PAYMENT_GATEWAYS: MONEI_STORE_16,
    ...extra,
  };
}
