import type { Billing } from '@shop/domain';

/**
 * The billing data chosen on customer/checkout, kept in memory until the
 * checkout is submitted (on that page, or on payment/cc for a card): null when
 * the customer wants no invoice in a fiscal name (a simplified invoice).
 */
let chosen: Billing | null = null;

export function chooseBilling(billing: Billing | null): void {
  chosen = billing;
}

export function chosenBilling(): Billing | null {
  return chosen;
}

/** True when a failed checkout's field errors are about the billing data (`form.billing...`). */
export function isBillingError(errors: readonly { path: string }[] | undefined): boolean {
  return (errors ?? []).some((e) => e.path === 'form.billing' || e.path.startsWith('form.billing.'));
}
