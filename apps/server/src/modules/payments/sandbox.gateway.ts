import { randomBytes } from 'node:crypto';
import {
  compactCardNumber,
  compactIban,
  isValidIban,
  luhnValid,
  multibancoReference,
  PaymentMethodSchema,
} from '@shop/domain';
import type { PaymentGateway, StartPaymentInput, StartPaymentResult } from './gateway.ts';
import { startSandboxMbway } from './sandbox-mbway.ts';
import { createSandboxSigner, SANDBOX_SIGNATURE_HEADER, type SandboxSigner } from './sandbox-notice.ts';

export { SANDBOX_SIGNATURE_HEADER };

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

/** A sandbox payment's reference: `sbx_{payment id}_{12 random characters}`. */
export const SANDBOX_REF = /^sbx_(\d{1,12})_[A-Za-z0-9_-]{12}$/;

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

/** The sandbox gateway with its notice signer (its pages sign the notices they send). */
export interface SandboxGateway extends PaymentGateway, Pick<SandboxSigner, 'sign' | 'notice'> {
  readonly name: 'sandbox';
}

/** The sandbox gateway of a server secret (gateways.plugin.ts builds it once). */
export function createSandboxGateway(serverSecret: Buffer): SandboxGateway {
  const signer = createSandboxSigner(serverSecret);
  return {
    name: 'sandbox',
    // The sandbox plays every method.
    methods: PaymentMethodSchema.options,
    sign: signer.sign,
    notice: signer.notice,

    async start(input) {
      const result = startSandbox(input);
      // Where the sandbox's pages send the customer back to (the store's origin, '' = same origin).
      result.data = { ...result.data, return_base: input.baseUrl };
      return result;
    },

    async verifyNotice({ headers, rawBody }) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      return signer.verify(Array.isArray(header) ? header[0] : header, rawBody);
    },

    /** Like a real gateway, refunds only a payment it took (its own reference, for that payment) and a positive amount. */
    async refund({ providerRef, amountCents, paymentId }) {
      const match = SANDBOX_REF.exec(providerRef);
      if (!match || Number(match[1]) !== paymentId || !(amountCents > 0)) {
        throw new Error(
          `sandbox refund refused: ${providerRef || 'no reference'} is not payment ${paymentId}`,
        );
      }
      return { providerRef: `${providerRef}_refund_${randomBytes(6).toString('hex')}` };
    },
  };
}

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
