import { type Billing, needsBillingData } from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { invalidField } from '../../http/app-error.ts';
import { updateCustomer } from '../customers/customers.repository.ts';

/**
 * The billing rules of a checkout, inside its transaction: above 400 € VAT
 * included no simplified invoice may be issued (RD 1619/2012 art. 4.1), so an
 * order without billing data (the form's, else the ones kept on the customer)
 * is refused with a field error on `form.billing`, before any payment starts;
 * billing data a logged-in customer gives are kept on their record
 * (clientupdate's data) for the next order and the "my details" page.
 */
export async function applyCheckoutBilling(
  tx: AppDb,
  input: {
    totalCents: number;
    billing: Billing | undefined;
    customer: { id: number; billing: Record<string, string> } | null;
  },
): Promise<void> {
  if (needsBillingData(input.totalCents, input.billing ?? input.customer?.billing))
    throw invalidField('form.billing', 'billing_required');
  if (input.customer && input.billing)
    await updateCustomer(tx, input.customer.id, { billing: { ...input.billing } });
}
