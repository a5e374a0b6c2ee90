import { Monei, type Payment, type PaymentStatus } from '@monei-js/node-sdk';
import { AppError } from '../../../http/app-error.ts';
import { translate } from '../../../http/translate.ts';
import type {
  CheckoutNext,
  PaymentGateway,
  PaymentMethod,
  PaymentNotice,
  StartPaymentInput,
  StartPaymentResult,
} from '../gateway.ts';
import { moneiPhone, multibancoVoucherOf } from './monei-fields.ts';

/**
 * Monei through its official Node SDK (`@monei-js/node-sdk`, ADR 019): one Monei
 * payment per order and attempt, paid on Monei's hosted payment page (card,
 * Bizum, Multibanco, MB WAY: the card is never typed on our server). Monei
 * reports the outcome to `callbackUrl` (`/payments/monei/notify`), signed with
 * the API key (MONEI-Signature); `lookup` reads a payment when no callback came.
 */
export interface MoneiSettings {
  apiKey: string;
  /** Another API base (tests: a local fake; otherwise the SDK's https://api.monei.com/v1). */
  apiUrl?: string;
  /** The storefront's prefix (APP_PREFIX), for the return pages. */
  appPrefix: string;
}

export const MONEI_NOTIFY_PATH = '/payments/monei/notify';

/** A verified callback the shop does not act on (pending, authorised): answered 200 so Monei stops sending it. */
export class IgnoredMoneiCallback extends Error {
  override name = 'IgnoredMoneiCallback';
}

/** Monei's method (allowedPaymentMethods) for each of the shop's methods it takes. */
const MONEI_METHODS = {
  monei: 'card',
  cc: 'card',
  bizum: 'bizum',
  moneimultibanco: 'multibanco',
  multibanco: 'multibanco',
  mbway: 'mbway',
} as const satisfies Partial<Record<PaymentMethod, string>>;
type ShopMethod = keyof typeof MONEI_METHODS;
const isMoneiMethod = (method: PaymentMethod): method is ShopMethod => method in MONEI_METHODS;

/**
 * Monei's order id: ours and the attempt in two digits ('1600000123' + '02'), so
 * each attempt is its own Monei payment (digits only, as every acquirer behind Monei takes).
 */
export function moneiOrderId(orderId: string, attempt: number): string {
  return `${orderId}${String(attempt).padStart(2, '0')}`;
}

export function createMoneiClient(settings: Pick<MoneiSettings, 'apiKey' | 'apiUrl'>): Monei {
  // The SDK's requests take axios's baseURL over its built-in base path (the fake in tests).
  return new Monei(settings.apiKey, {
    timeout: 20_000,
    ...(settings.apiUrl && { baseURL: settings.apiUrl }),
  });
}

/** What we keep of a Monei payment: ids, status and amounts, never card or phone details. */
const paymentSummary = (payment: Payment): Record<string, unknown> => ({
  id: payment.id,
  order_id: payment.orderId ?? null,
  status: payment.status,
  status_code: payment.statusCode ?? null,
  amount: payment.amount,
  currency: payment.currency,
  refunded_amount: payment.refundedAmount ?? null,
  method: payment.paymentMethod?.method ?? null,
  livemode: payment.livemode,
});

const FAILED_STATUSES: readonly PaymentStatus[] = ['FAILED', 'CANCELED', 'EXPIRED'];

/**
 * What a payment's status means for the shop, or null while it is open
 * (PENDING, AUTHORIZED). The event id is the payment's state, not the
 * delivery's: Monei's retries and `lookup` report the same state, and
 * applyNotice counts it once. A refund carries the amount refunded so far (each
 * partial refund is its own event; a partial one differs from the payment's
 * amount, so applyNotice holds the order for review, as with Redsys).
 */
export function moneiNotice(payment: Payment): PaymentNotice | null {
  const raw = paymentSummary(payment);
  const base = { providerRef: payment.id, raw };
  if (payment.status === 'SUCCEEDED') {
    return {
      ...base,
      eventId: `monei:${payment.id}:succeeded`,
      outcome: 'paid',
      amountCents: payment.amount,
    };
  }
  if (FAILED_STATUSES.includes(payment.status)) {
    const status = payment.status.toLowerCase();
    return {
      ...base,
      eventId: `monei:${payment.id}:${status}`,
      outcome: 'failed',
      amountCents: payment.amount,
    };
  }
  if (payment.status === 'REFUNDED' || payment.status === 'PARTIALLY_REFUNDED') {
    const refunded = payment.refundedAmount ?? (payment.status === 'REFUNDED' ? payment.amount : 0);
    return {
      ...base,
      eventId: `monei:${payment.id}:refunded:${refunded}`,
      outcome: 'refunded',
      amountCents: refunded,
    };
  }
  return null;
}

/** Reads a callback's body: Monei posts the Payment object as JSON. */
function callbackPayment(rawBody: string): Payment {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError('invalid_data', 'malformedJson');
  }
  const payment = body as Partial<Payment> | null;
  if (
    typeof payment !== 'object' ||
    payment === null ||
    typeof payment.id !== 'string' ||
    typeof payment.status !== 'string' ||
    !Number.isSafeInteger(payment.amount)
  ) {
    throw new AppError('invalid_data', 'validation');
  }
  return payment as Payment;
}

export function createMoneiGateway(settings: MoneiSettings, client: Monei = createMoneiClient(settings)) {
  const failed = (error: string): StartPaymentResult => ({
    outcome: 'failed',
    next: { type: 'failed', message: '' },
    data: { error },
  });

  /** What the created payment asks of the customer. */
  const answer = (method: ShopMethod, payment: Payment): StartPaymentResult => {
    const providerRef = payment.id;
    const data: Record<string, unknown> = { monei_payment: payment.id, status: payment.status };
    const settled = moneiNotice(payment);
    if (settled?.outcome === 'paid') return { outcome: 'paid', providerRef, next: { type: 'success' }, data };
    if (settled) return { ...failed(payment.statusCode ?? payment.status.toLowerCase()), providerRef };
    const url = payment.nextAction?.redirectUrl;
    const redirect: CheckoutNext | undefined = url ? { type: 'redirect', url } : undefined;
    switch (MONEI_METHODS[method]) {
      case 'multibanco': {
        const voucher = multibancoVoucherOf(payment);
        if (voucher)
          return {
            outcome: 'action',
            providerRef,
            next: { type: 'voucher', ...voucher },
            data: { ...data, voucher },
          };
        // Monei's page shows the voucher; the order waits (processing) until the callback or the expiry.
        return redirect ? { outcome: 'pending', providerRef, next: redirect, data } : failed('no_redirect');
      }
      case 'mbway':
        // The request reaches the customer's MB WAY app from Monei's page (the phone already filled in).
        return { outcome: 'pending', providerRef, next: redirect ?? { type: 'pending' }, data };
      default:
        return redirect ? { outcome: 'action', providerRef, next: redirect, data } : failed('no_redirect');
    }
  };

  return {
    name: 'monei',
    methods: Object.keys(MONEI_METHODS) as ShopMethod[],

    async start(input: StartPaymentInput) {
      if (!isMoneiMethod(input.method)) return failed('method_not_supported');
      const method = MONEI_METHODS[input.method];
      const shop = `${input.baseUrl}${settings.appPrefix}`;
      const retry = `${shop}/payment/retry/${input.orderId}`;
      const phone =
        method === 'mbway' || method === 'bizum' ? moneiPhone(input.fields.phone, method) : undefined;
      const payment = await client.payments.create({
        amount: input.amountCents,
        currency: input.currency,
        orderId: moneiOrderId(input.orderId, input.attempt),
        // Shown on Monei's page and in its receipts: in the store's language.
        description: translate(input.language, 'monei.description', { orderId: input.orderId }),
        customer: { email: input.email, ...(phone && { phone }) },
        callbackUrl: `${input.baseUrl}${MONEI_NOTIFY_PATH}`,
        completeUrl: `${shop}/checkout/success/${input.orderId}`,
        failUrl: retry,
        cancelUrl: retry,
        allowedPaymentMethods: [method],
        // The API has no `locale`: the hosted page speaks the session's language (ISO 639-1).
        sessionDetails: { lang: input.language },
        metadata: {
          order_id: input.orderId,
          payment_id: String(input.paymentId),
          attempt: String(input.attempt),
          store_id: String(input.storeId),
        },
      });
      return answer(input.method, payment);
    },

    async verifyNotice({ headers, rawBody }) {
      const header = headers['monei-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      // HMAC-SHA256 of `t.rawBody` with the API key, compared with v1 (Monei's "Verify signature" guide).
      if (!signature || !client.verifySignature(rawBody, signature)) {
        throw new AppError('not_allowed', 'forbidden');
      }
      const payment = callbackPayment(rawBody);
      const notice = moneiNotice(payment);
      if (!notice) throw new IgnoredMoneiCallback(payment.status);
      return notice;
    },

    async refund({ providerRef, amountCents }) {
      const payment = await client.payments.refund(providerRef, {
        amount: amountCents,
        refundReason: 'requested_by_customer',
      });
      if (payment.status !== 'REFUNDED' && payment.status !== 'PARTIALLY_REFUNDED') {
        throw new Error(`Monei refund refused: ${payment.status} ${payment.statusCode ?? ''}`.trim());
      }
      return { providerRef: `${payment.id}:refund:${payment.refundedAmount ?? amountCents}` };
    },

    async lookup({ providerRef }) {
      // Monei finds payments by its own id only: an attempt that never got one has nothing to read.
      if (!providerRef) return null;
      return moneiNotice(await client.payments.get(providerRef));
    },
  } satisfies PaymentGateway;
}
