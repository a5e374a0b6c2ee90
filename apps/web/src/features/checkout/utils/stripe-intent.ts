import { useSyncExternalStore } from 'react';

/**
 * The Stripe PaymentIntent a checkout answered with (`next.type === 'stripe'`),
 * kept in memory only: payment/stripe mounts the Payment Element on it. A
 * reload loses it, and payment/stripe then asks for the payment again.
 */
export interface StripeIntent {
  orderId: string;
  clientSecret: string;
  publishableKey: string;
  /** What the Payment Element takes: a card (wallets too), or an IBAN under a SEPA mandate. */
  kind: 'card' | 'sepa';
}

let current: StripeIntent | null = null;
const listeners = new Set<() => void>();

export function setStripeIntent(intent: StripeIntent | null): void {
  current = intent;
  for (const listener of listeners) listener();
}

export function getStripeIntent(): StripeIntent | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The intent, re-rendering the caller when a checkout answer sets it. */
export function useStripeIntent(): StripeIntent | null {
  return useSyncExternalStore(subscribe, getStripeIntent, getStripeIntent);
}
