/**
 * The Stripe PaymentIntent a checkout answered with (`next.type === 'stripe'`),
 * kept in memory only: payment/stripe mounts the Payment Element on it. A
 * reload loses it, and payment/stripe then sends the customer to choose again.
 */
export interface StripeIntent {
  orderId: string;
  clientSecret: string;
  publishableKey: string;
}

let current: StripeIntent | null = null;

export function setStripeIntent(intent: StripeIntent | null): void {
  current = intent;
}

export function getStripeIntent(): StripeIntent | null {
  return current;
}
