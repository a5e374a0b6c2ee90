import type Stripe from 'stripe';
import type { CheckoutNext, PaymentMethod, PaymentNotice, StartPaymentInput } from '../gateway.ts';

/**
 * What the Stripe adapter asks of a PaymentIntent per method, and what an
 * intent's state means for the shop (Stripe's API reference, "PaymentIntents":
 * the status lifecycle; "Multibanco payments" and "SEPA Direct Debit payments"
 * guides for the two asynchronous methods).
 */

/** The shop's methods Stripe takes: cards (Payment Element, wallets), SEPA Direct Debit, Multibanco. */
export const STRIPE_METHODS = [
  'stripe',
  'cc',
  'bank',
  'multibanco',
] as const satisfies readonly PaymentMethod[];

/** Stripe's payment method type for each of the shop's methods. */
export type StripeKind = 'card' | 'sepa_debit' | 'multibanco';

export function stripeKindOf(method: PaymentMethod): StripeKind | null {
  if (method === 'cc' || method === 'stripe') return 'card';
  if (method === 'bank') return 'sepa_debit';
  if (method === 'multibanco') return 'multibanco';
  return null;
}

/** Where the browser's payment stands after `complete`: the answer's `next`, and a notice when it moved. */
export interface StripeCompletion {
  next: CheckoutNext;
  notice?: PaymentNotice;
}

/** The PaymentIntent for an attempt: one payment method type, the order in the metadata. */
export function intentParams(input: StartPaymentInput, kind: StripeKind): Stripe.PaymentIntentCreateParams {
  const params: Stripe.PaymentIntentCreateParams = {
    amount: input.amountCents,
    currency: input.currency.toLowerCase(),
    // This API version replaced payment_method_types with allowed_payment_method_types.
    allowed_payment_method_types: [kind],
    description: `Order ${input.orderId}`,
    metadata: {
      order_id: input.orderId,
      payment_id: String(input.paymentId),
      attempt: String(input.attempt),
      store_id: String(input.storeId),
    },
  };
  if (kind === 'multibanco') {
    // Confirmed here: Stripe answers the voucher (next_action.multibanco_display_details) at once.
    // Multibanco needs the customer's e-mail as billing details (Stripe's Multibanco guide).
    params.confirm = true;
    params.payment_method_data = { type: 'multibanco', billing_details: { email: input.email } };
  }
  return params;
}

/** What we keep of a PaymentIntent: ids and status, never card or account details. */
export const intentSummary = (intent: Stripe.PaymentIntent) => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amount,
  amount_received: intent.amount_received,
  currency: intent.currency,
  latest_charge:
    typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
  decline_code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
});

export const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? '');

/** Two-decimal amount with a dot ('20.76'), as the shop's vouchers carry it. */
const decimalAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The Multibanco voucher of an intent waiting for it to be paid (the sandbox's voucher shape). */
export function multibancoVoucher(intent: Stripe.PaymentIntent) {
  const details = intent.next_action?.multibanco_display_details;
  if (!details?.entity || !details.reference || !details.expires_at) return null;
  return {
    entity: details.entity,
    reference: details.reference,
    amount: decimalAmount(intent.amount),
    expires_at: new Date(details.expires_at * 1000).toISOString(),
  };
}

/** The intent's state as the shop sees it. Failed = the attempt is over (declined, canceled). */
export function intentCompletion(intent: Stripe.PaymentIntent, element: CheckoutNext): StripeCompletion {
  const raw = intentSummary(intent);
  switch (intent.status) {
    case 'succeeded':
      return {
        next: { type: 'success' },
        notice: {
          eventId: `stripe:${intent.id}:succeeded`,
          providerRef: intent.id,
          outcome: 'paid',
          amountCents: intent.amount_received,
          raw,
        },
      };
    case 'processing':
      // A SEPA debit on its way (days): the order waits for payment_intent.succeeded or payment_failed.
      return {
        next: { type: 'pending' },
        notice: {
          eventId: `stripe:${intent.id}:processing`,
          providerRef: intent.id,
          outcome: 'pending',
          raw,
        },
      };
    case 'requires_capture':
      return { next: { type: 'pending' } };
    case 'requires_action': {
      const voucher = multibancoVoucher(intent);
      if (voucher) return { next: { type: 'voucher', ...voucher } };
      const url = intent.next_action?.redirect_to_url?.url;
      return { next: url ? { type: '3ds', url } : element };
    }
    case 'canceled':
      return {
        next: { type: 'failed', message: '' },
        notice: { eventId: `stripe:${intent.id}:canceled`, providerRef: intent.id, outcome: 'failed', raw },
      };
    default: {
      const error = intent.last_payment_error;
      if (!error) return { next: element };
      return {
        next: { type: 'failed', message: '' },
        notice: {
          // One event per declined try (a new card or account is a new payment method).
          eventId: `stripe:${intent.id}:failed:${refOf(error.payment_method) || error.charge || error.code || 'unknown'}`,
          providerRef: intent.id,
          outcome: 'failed',
          raw,
        },
      };
    }
  }
}

/**
 * The SEPA mandate the customer accepted, as the shop keeps it (the sandbox's
 * shape: reference, when it was accepted, the account's country and last four
 * digits only): from the intent's charge (payment_method_details.sepa_debit)
 * and the Mandate object it names (Stripe's "Mandates" API reference).
 */
export async function sepaMandate(
  client: Stripe,
  intent: Stripe.PaymentIntent,
): Promise<{ reference: string; signed_at: string; account: string } | undefined> {
  const chargeId = refOf(intent.latest_charge);
  if (!chargeId) return undefined;
  const charge =
    typeof intent.latest_charge === 'object' && intent.latest_charge
      ? intent.latest_charge
      : await client.charges.retrieve(chargeId);
  const sepa = charge.payment_method_details?.sepa_debit;
  if (!sepa?.mandate) return undefined;
  const mandate = await client.mandates.retrieve(sepa.mandate);
  const acceptedAt = mandate.customer_acceptance.accepted_at ?? charge.created;
  return {
    reference: mandate.payment_method_details.sepa_debit?.reference ?? mandate.id,
    signed_at: new Date(acceptedAt * 1000).toISOString(),
    account: `${sepa.country ?? ''}…${sepa.last4 ?? ''}`,
  };
}
