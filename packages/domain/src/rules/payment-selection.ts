import type { PaymentMethod } from '../schemas/config.ts';

/** How long a payment selection stays fresh: 5 minutes (spec 9). */
export const PAYMENT_SELECTION_TTL_MS = 300_000;

/** True when a selection made at `selectedAt` (epoch ms) is less than 5 minutes old at `now`. */
export function isPaymentSelectionFresh(selectedAt: number | null, now: number): boolean {
  if (selectedAt === null) return false;
  const age = now - selectedAt;
  return age >= 0 && age < PAYMENT_SELECTION_TTL_MS;
}

/**
 * Whether the customer must choose a payment method again (spec 4): a recorded
 * selection counts while fresh; with none recorded, only a preferred card ('cc',
 * the default) goes through without choosing.
 */
export function needsPaymentSelection(input: {
  preferredPayment: PaymentMethod | null;
  selectedAt: number | null;
  now: number;
}): boolean {
  if (input.selectedAt !== null) return !isPaymentSelectionFresh(input.selectedAt, input.now);
  return (input.preferredPayment ?? 'cc') !== 'cc';
}
