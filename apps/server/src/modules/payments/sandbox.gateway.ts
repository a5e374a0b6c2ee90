import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { compactCardNumber, compactIban, isValidIban, luhnValid, multibancoReference } from '@shop/domain';
import { AppError } from '../../http/app-error.ts';
import type { PaymentGateway, PaymentNotice, StartPaymentInput, StartPaymentResult } from './gateway.ts';
import { startSandboxMbway } from './sandbox-mbway.ts';

/**
 * The built-in sandbox gateway (DESIGN.md "Payments"): every method's real flow
 * played through its own server-rendered pages under /payments/sandbox/
 * (sandbox.routes.ts), which confirm a payment the way a real gateway does:
 * by a notice signed with HMAC-SHA256 sent to /payments/sandbox/notify.
 * Test cards are Stripe's (docs/payments.md).
 */

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  challenge: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The Multibanco entity the sandbox issues references for. */
export const SANDBOX_MULTIBANCO_ENTITY = '21312';
/** Days a Multibanco voucher can be paid. */
export const MULTIBANCO_DAYS = 3;

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** A sandbox payment's reference: `sbx_{payment id}_{12 random characters}`. */
export const SANDBOX_REF = /^sbx_(\d{1,12})_[A-Za-z0-9_-]{12}$/;
/** A notice older than this is refused (a replay of an old capture). */
export const NOTICE_TOLERANCE_S = 600;

let secret: Buffer = randomBytes(32);

/** The key notices are signed with: derived from the server secret (payments plugin). */
export function setSandboxSecret(serverSecret: Buffer): void {
  secret = createHmac('sha256', serverSecret).update('payments-sandbox-notice').digest();
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as the sandbox signs a notice body. */
export function signSandboxNotice(body: string, at: number = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** The body of a sandbox notice (JSON). */
export interface SandboxNoticeBody {
  event_id: string;
  provider_ref: string;
  outcome: 'paid' | 'failed' | 'refunded';
  amount_cents: number;
}

/** A new signed notice: its body and signature header. */
export function sandboxNotice(
  providerRef: string,
  outcome: SandboxNoticeBody['outcome'],
  amountCents: number,
): { body: string; signature: string } {
  const notice: SandboxNoticeBody = {
    event_id: `evt_${randomBytes(12).toString('hex')}`,
    provider_ref: providerRef,
    outcome,
    amount_cents: amountCents,
  };
  const body = JSON.stringify(notice);
  return { body, signature: signSandboxNotice(body) };
}

const forbidden = () => new AppError('not_allowed', 'forbidden');

function verifySignature(header: string | undefined, body: string, now: number): void {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const at = Number(parts.t);
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(parts.v1 ?? '') ? (parts.v1 as string) : '', 'hex');
  if (!Number.isInteger(at) || given.length !== 32) throw forbidden();
  if (Math.abs(now - at) > NOTICE_TOLERANCE_S) throw forbidden();
  const expected = createHmac('sha256', secret).update(`${at}.${body}`).digest();
  if (!timingSafeEqual(given, expected)) throw forbidden();
}

function readNotice(body: string): SandboxNoticeBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError('invalid_data', 'malformedJson');
  }
  const n = parsed as Partial<SandboxNoticeBody> | null;
  if (
    !n ||
    typeof n.event_id !== 'string' ||
    !/^evt_[0-9a-f]{24}$/.test(n.event_id) ||
    typeof n.provider_ref !== 'string' ||
    n.provider_ref.length > 100 ||
    (n.outcome !== 'paid' && n.outcome !== 'failed' && n.outcome !== 'refunded') ||
    !Number.isInteger(n.amount_cents)
  ) {
    throw new AppError('invalid_data', 'malformedRequest');
  }
  return n as SandboxNoticeBody;
}

/** Card outcome of a card number (spaces allowed): what the sandbox's card network answers. */
export function sandboxCardOutcome(
  number: string,
): 'approve' | 'challenge' | 'declined' | 'insufficient_funds' | 'invalid' {
  const digits = compactCardNumber(number);
  if (digits === SANDBOX_CARDS.challenge) return 'challenge';
  if (digits === SANDBOX_CARDS.declined) return 'declined';
  if (digits === SANDBOX_CARDS.insufficientFunds) return 'insufficient_funds';
  if (/^\d{16}$/.test(digits) && luhnValid(digits)) return 'approve';
  return 'invalid';
}

const pageUrl = (input: StartPaymentInput, kind: string, ref: string) =>
  `${input.baseUrl}/payments/sandbox/${kind}/${ref}`;

/** Two-decimal amount with a dot ('20.76'), as vouchers carry it. */
const decimalAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The card part of a start: immediate answer from the number, or the sandbox's hosted card page. */
function startCard(input: StartPaymentInput, ref: string): StartPaymentResult {
  const brand = input.method === 'monei' ? 'monei' : input.method === 'stripe' ? 'stripe' : 'card';
  const number = input.fields.num;
  if (!number) {
    // No card data with the call (a retry): the gateway's own page takes the card.
    return {
      outcome: 'action',
      providerRef: ref,
      next: { type: 'redirect', url: pageUrl(input, 'card', ref) },
      data: { brand },
    };
  }
  return cardResult(input.baseUrl, ref, brand, sandboxCardOutcome(number));
}

/** What a card's outcome means for the payment (shared by start and the hosted card page). */
export function cardResult(
  baseUrl: string,
  ref: string,
  brand: string,
  outcome: ReturnType<typeof sandboxCardOutcome>,
): StartPaymentResult {
  switch (outcome) {
    case 'approve':
      return { outcome: 'paid', providerRef: ref, next: { type: 'success' }, data: { brand } };
    case 'challenge':
      return {
        outcome: 'action',
        providerRef: ref,
        next: { type: '3ds', url: `${baseUrl}/payments/sandbox/3ds/${ref}` },
        data: { brand, challenge: true },
      };
    default:
      // The message is the service's (the spec's failed-payment text in the store's language).
      return {
        outcome: 'failed',
        providerRef: ref,
        next: { type: 'failed', message: '' },
        data: { brand, decline: outcome === 'invalid' ? 'invalid_number' : outcome },
      };
  }
}

export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',

  async start(input) {
    const result = startSandbox(input);
    // Where the sandbox's pages send the customer back to (the store's origin, '' = same origin).
    result.data = { ...result.data, return_base: input.baseUrl };
    return result;
  },

  async verifyNotice({ headers, rawBody }) {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    verifySignature(Array.isArray(header) ? header[0] : header, rawBody, Math.floor(Date.now() / 1000));
    const notice = readNotice(rawBody);
    const result: PaymentNotice = {
      eventId: notice.event_id,
      providerRef: notice.provider_ref,
      outcome: notice.outcome,
      amountCents: notice.amount_cents,
      raw: { ...notice },
    };
    return result;
  },

  /** Like a real gateway, refunds only a payment it took (its own reference, for that payment) and a positive amount. */
  async refund({ providerRef, amountCents, paymentId }) {
    const match = SANDBOX_REF.exec(providerRef);
    if (!match || Number(match[1]) !== paymentId || !(amountCents > 0)) {
      throw new Error(`sandbox refund refused: ${providerRef || 'no reference'} is not payment ${paymentId}`);
    }
    return { providerRef: `${providerRef}_refund_${randomBytes(6).toString('hex')}` };
  },
};

function startSandbox(input: StartPaymentInput): StartPaymentResult {
  const ref = `sbx_${input.paymentId}_${randomBytes(9).toString('base64url')}`;
  switch (input.method) {
    case 'cc':
    case 'stripe':
    case 'monei':
      return startCard(input, ref);
    case 'mbway':
      return startSandboxMbway(input, ref);
    case 'bizum':
      return {
        outcome: 'action',
        providerRef: ref,
        next: { type: 'redirect', url: pageUrl(input, 'bizum', ref) },
      };
    case 'paypal':
      return {
        outcome: 'action',
        providerRef: ref,
        next: { type: 'redirect', url: pageUrl(input, 'paypal', ref) },
      };
    case 'multibanco':
    case 'moneimultibanco': {
      const reference = multibancoReference(
        SANDBOX_MULTIBANCO_ENTITY,
        String(input.paymentId % 10_000_000).padStart(7, '0'),
        input.amountCents,
      );
      const expiresAt = new Date(Date.now() + MULTIBANCO_DAYS * 86_400_000).toISOString();
      const voucher = {
        entity: SANDBOX_MULTIBANCO_ENTITY,
        reference,
        amount: decimalAmount(input.amountCents),
        expires_at: expiresAt,
      };
      return {
        outcome: 'action',
        providerRef: ref,
        next: { type: 'voucher', ...voucher },
        data: { voucher },
      };
    }
    case 'bank': {
      const iban = compactIban(input.fields.iban ?? '');
      if (!isValidIban(iban)) {
        return {
          outcome: 'failed',
          providerRef: ref,
          next: { type: 'failed', message: '' },
          data: { decline: 'invalid_iban' },
        };
      }
      // The mandate: its reference, when it was given, and the account's last digits only.
      const mandate = {
        reference: `MDT-${input.orderId}-${input.attempt}`,
        signed_at: new Date().toISOString(),
        account: `${iban.slice(0, 4)}…${iban.slice(-4)}`,
      };
      return { outcome: 'pending', providerRef: ref, next: { type: 'pending' }, data: { mandate } };
    }
  }
}
