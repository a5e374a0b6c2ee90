import { AppError } from '../../../http/app-error.ts';
import { API_PREFIX } from '../../../http/paths.ts';
import type {
  PaymentGateway,
  PaymentMethod,
  PaymentNotice,
  StartPaymentInput,
  StartPaymentResult,
} from '../gateway.ts';
import {
  encodeMerchantParameters,
  REDSYS_SIGNATURE_VERSION,
  redsysSignature,
  verifyRedsysSignature,
} from './redsys-signature.ts';

/**
 * Redsys (the Spanish banks' card platform) for card and Bizum, by redirection:
 * the customer's browser posts a signed form to Redsys's payment page
 * (`redsys/rest/processBizum` renders it), Redsys takes the card or the Bizum
 * phone on its own page, then notifies our server (`/payments/redsys/notify`,
 * signed) and sends the browser back to URLOK / URLKO. Card data never reaches us.
 */
export interface RedsysSettings {
  /** Ds_Merchant_MerchantCode (FUC), 9 digits. */
  merchantCode: string;
  terminal: string;
  /** The terminal's SHA-256 key, Base64 of 24 bytes. */
  secretKey: string;
  /** The payment page the form posts to (realizarPago). */
  paymentUrl: string;
  /** The REST endpoint (trataPeticionREST) refunds are sent to. */
  restUrl: string;
  /** The storefront's prefix (APP_PREFIX), for the return pages. */
  appPrefix: string;
}

/** The form the browser posts to Redsys (stored with the payment: it holds no card data). */
export interface RedsysForm {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** Where Redsys sends its notices (outside the API prefix: no session, no form key). */
export const REDSYS_NOTIFY_PATH = '/payments/redsys/notify';
/** The page that posts the signed form to Redsys. */
export const REDSYS_FORM_PATH = `${API_PREFIX}/redsys/rest/processBizum`;

/** Ds_Merchant_ConsumerLanguage codes: 1 Spanish, 2 English, 9 Portuguese. */
const CONSUMER_LANGUAGE = { es: '001', en: '002', pt: '009' } as const;
/** Ds_Merchant_PayMethods: C card only, z Bizum only. */
const PAY_METHODS = { cc: 'C', bizum: 'z' } as const;
const EURO = '978';
/** The shop's methods Redsys takes, both on Redsys's own page (redirection). */
export const REDSYS_METHODS = ['cc', 'bizum'] as const satisfies readonly PaymentMethod[];

/**
 * Redsys's order number (4-12 characters, the first 4 digits), unique per
 * attempt because Redsys refuses a number it has seen: the order id and the
 * attempt in two digits ('1400000123' + '02'); the payment id when that does not fit.
 */
export function redsysOrderNumber(orderId: string, attempt: number, paymentId: number): string {
  const candidate = `${orderId}${String(attempt).padStart(2, '0')}`;
  if (/^\d{4,12}$/.test(candidate) && attempt < 100) return candidate;
  return String(paymentId).padStart(12, '0').slice(-12);
}

/** Ds_Response: 0000-0099 authorised; 0900 refund or confirmation authorised; anything else refused. */
export function redsysOutcome(response: string, transactionType: string): 'paid' | 'refunded' | 'failed' {
  const code = /^\d{1,4}$/.test(response) ? Number(response) : Number.NaN;
  if (transactionType === '3') return code === 900 ? 'refunded' : 'failed';
  return code >= 0 && code <= 99 ? 'paid' : 'failed';
}

/** The notice fields worth keeping: never card numbers or expiry dates. */
const KEPT_NOTICE_FIELDS = [
  'Ds_Date',
  'Ds_Hour',
  'Ds_Amount',
  'Ds_Currency',
  'Ds_Order',
  'Ds_MerchantCode',
  'Ds_Terminal',
  'Ds_Response',
  'Ds_TransactionType',
  'Ds_AuthorisationCode',
  'Ds_SecurePayment',
  'Ds_Card_Brand',
  'Ds_Card_Country',
  'Ds_ProcessedPayMethod',
] as const;

const forbidden = () => new AppError('not_allowed', 'forbidden');

export function signRedsysRequest(settings: RedsysSettings, params: Record<string, string>): RedsysForm {
  const order = params.DS_MERCHANT_ORDER ?? '';
  const merchantParameters = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: redsysSignature(settings.secretKey, order, merchantParameters),
  };
}

/** Reads one form field of an x-www-form-urlencoded body (or a query) that must appear at most once. */
function single(values: string[]): string | undefined {
  return values.length === 1 ? values[0] : undefined;
}

/** The notice's three fields, from the form body Redsys posts (or, failing that, the query). */
function noticeFields(rawBody: string, query: Record<string, string>) {
  const form = new URLSearchParams(rawBody.length <= 20_000 ? rawBody : '');
  const pick = (name: string) => single(form.getAll(name)) ?? query[name];
  return {
    version: pick('Ds_SignatureVersion'),
    parameters: pick('Ds_MerchantParameters'),
    signature: pick('Ds_Signature'),
  };
}

export function createRedsysGateway(settings: RedsysSettings): PaymentGateway {
  const startPayment = (input: StartPaymentInput): StartPaymentResult => {
    if (input.method !== 'cc' && input.method !== 'bizum') {
      // A configuration error (PAYMENT_GATEWAYS sends another method here): a failed attempt, never a charge.
      return {
        outcome: 'failed',
        next: { type: 'failed', message: '' },
        data: { error: 'method_not_supported' },
      };
    }
    const order = redsysOrderNumber(input.orderId, input.attempt, input.paymentId);
    const shop = `${input.baseUrl}${settings.appPrefix}`;
    const params: Record<string, string> = {
      DS_MERCHANT_AMOUNT: String(input.amountCents),
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
      DS_MERCHANT_CURRENCY: EURO,
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: settings.terminal,
      DS_MERCHANT_MERCHANTURL: `${input.baseUrl}${REDSYS_NOTIFY_PATH}`,
      DS_MERCHANT_URLOK: `${shop}/checkout/success/${input.orderId}`,
      DS_MERCHANT_URLKO: `${shop}/payment/retry/${input.orderId}`,
      DS_MERCHANT_CONSUMERLANGUAGE: CONSUMER_LANGUAGE[input.language],
      DS_MERCHANT_PAYMETHODS: PAY_METHODS[input.method],
      DS_MERCHANT_MERCHANTDATA: input.orderId,
    };
    const form = signRedsysRequest(settings, params);
    return {
      outcome: 'action',
      providerRef: order,
      next: { type: 'redirect', url: `${input.baseUrl}${REDSYS_FORM_PATH}?order_id=${input.orderId}` },
      data: { redsys_order: order, paymethod: PAY_METHODS[input.method], form },
    };
  };

  return {
    name: 'redsys',
    // The card is typed on Redsys's page (cc without card fields), Bizum in the bank's app.
    methods: REDSYS_METHODS,

    async start(input) {
      return startPayment(input);
    },

    async verifyNotice({ rawBody, query }) {
      const { version, parameters, signature } = noticeFields(rawBody, query);
      if (version !== REDSYS_SIGNATURE_VERSION || !parameters || !signature) throw forbidden();
      const checked = verifyRedsysSignature(settings.secretKey, parameters, signature);
      if (!checked.valid) throw forbidden();
      const params = checked.params;
      // A notice signed with our key for another terminal's merchant code is not ours either.
      if (params.Ds_MerchantCode !== settings.merchantCode) throw forbidden();
      const order = params.Ds_Order ?? '';
      const response = params.Ds_Response ?? '';
      const transactionType = params.Ds_TransactionType ?? '0';
      const amount = Number(params.Ds_Amount);
      const raw: Record<string, unknown> = {};
      for (const field of KEPT_NOTICE_FIELDS) if (params[field] !== undefined) raw[field] = params[field];
      const notice: PaymentNotice = {
        // Redsys repeats a notice with the same fields: one event per order, type, answer and authorisation.
        eventId: `redsys:${order}:${transactionType}:${response}:${params.Ds_AuthorisationCode ?? ''}`,
        providerRef: order,
        outcome: redsysOutcome(response, transactionType),
        raw,
      };
      if (Number.isSafeInteger(amount)) notice.amountCents = amount;
      return notice;
    },

    async refund({ providerRef, amountCents }) {
      const form = signRedsysRequest(settings, {
        DS_MERCHANT_AMOUNT: String(amountCents),
        DS_MERCHANT_ORDER: providerRef,
        DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
        DS_MERCHANT_CURRENCY: EURO,
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: settings.terminal,
      });
      const response = await fetch(settings.restUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`Redsys refund: HTTP ${response.status}`);
      const answer = (await response.json()) as Partial<RedsysForm> & { errorCode?: string };
      if (answer.errorCode) throw new Error(`Redsys refund refused: ${answer.errorCode}`);
      const checked = verifyRedsysSignature(
        settings.secretKey,
        answer.Ds_MerchantParameters ?? '',
        answer.Ds_Signature ?? '',
      );
      if (!checked.valid) throw new Error('Redsys refund: the answer is not signed with our key');
      const outcome = redsysOutcome(
        checked.params.Ds_Response ?? '',
        checked.params.Ds_TransactionType ?? '3',
      );
      if (outcome !== 'refunded')
        throw new Error(`Redsys refund refused: Ds_Response ${checked.params.Ds_Response}`);
      return { providerRef: `${providerRef}:refund:${checked.params.Ds_AuthorisationCode ?? amountCents}` };
    },
  };
}
