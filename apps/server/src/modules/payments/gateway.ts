/**
 * The payment gateway contract (helpers' PLAN.md): the built-in sandbox and
 * the real adapters (Stripe, Redsys, …) implement it; the registry
 * (gateway-registry.ts, `app.gateways`) picks one per store and method, and
 * payment-start.ts / payment-notices.ts apply what they report.
 */

import type { CheckoutNext, PaymentMethod } from '@shop/domain';

/** The domain's method codes and checkout answer are the gateways' too (one definition, packages/domain). */
export type { CheckoutNext, PaymentMethod };

export interface StartPaymentInput {
  paymentId: number;
  orderId: string;
  storeId: number;
  attempt: number;
  method: PaymentMethod;
  amountCents: number;
  currency: 'EUR';
  language: 'es' | 'pt' | 'en';
  email: string;
  /** The store's origin, for return / notice URLs. */
  baseUrl: string;
  /** Method fields (card num/month/year/cvc, phone, iban): memory only, never stored or logged. */
  fields: Record<string, string>;
}

export interface StartPaymentResult {
  /** action = the customer must act (3ds, redirect, voucher, element). */
  outcome: 'paid' | 'pending' | 'failed' | 'action';
  providerRef?: string;
  next: CheckoutNext;
  /** Stored with the payment: never card data. */
  data?: Record<string, unknown>;
}

export interface PaymentNotice {
  eventId: string;
  providerRef: string;
  /** pending = the customer has acted and the money is on its way (a SEPA debit being collected). */
  outcome: 'paid' | 'failed' | 'refunded' | 'pending';
  amountCents?: number;
  raw: Record<string, unknown>;
  /** Kept with the payment (merged into its data): a mandate, a voucher; never card or account numbers. */
  data?: Record<string, unknown>;
}

/** What `lookup` is given to find an attempt whose answer was lost. */
export interface PaymentLookupInput {
  providerRef?: string;
  paymentId: number;
  orderId: string;
  attempt: number;
}

export interface PaymentGateway {
  /** 'sandbox' | 'stripe' | 'redsys' | … */
  readonly name: string;
  /** The methods this gateway can take (the sandbox: all); the registry offers a method only through one that takes it. */
  readonly methods: readonly PaymentMethod[];
  start(input: StartPaymentInput): Promise<StartPaymentResult>;
  /** Verify the signature (throw AppError forbidden when it does not hold) and read the notice. */
  verifyNotice(input: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
    query: Record<string, string>;
  }): Promise<PaymentNotice>;
  /**
   * What the provider knows of an attempt (after a crash between the attempt's
   * record and the provider's answer): a notice when it is settled, else null.
   */
  lookup?(input: {
    providerRef?: string;
    paymentId: number;
    orderId: string;
    attempt: number;
  }): Promise<PaymentNotice | null>;
  refund(input: {
    providerRef: string;
    amountCents: number;
    paymentId: number;
    /** What earlier partial refunds of this payment returned (0 or absent for the first): part of the idempotency key. */
    refundedBeforeCents?: number;
  }): Promise<{ providerRef: string }>;
  /**
   * Optional: how the provider sees an attempt whose start answer was lost (a
   * crash between calling the gateway and recording its answer): a settled
   * outcome as a notice, or null when the provider has nothing settled. Without
   * it, such an attempt is failed as abandoned (the order is payable again).
   */
  lookup?(input: PaymentLookupInput): Promise<PaymentNotice | null>;
}

/**
 * A refund's idempotency key at the provider: one per payment, amount already
 * refunded and amount, so that a retried refund is one refund and a second
 * partial refund of the same amount is another (ADR 029). A first refund keeps
 * the key it always had.
 */
export function refundIdempotencyKey(input: {
  paymentId: number;
  amountCents: number;
  refundedBeforeCents?: number;
}): string {
  const before = input.refundedBeforeCents ?? 0;
  return before > 0
    ? `refund-${input.paymentId}-${before}-${input.amountCents}`
    : `refund-${input.paymentId}-${input.amountCents}`;
}
