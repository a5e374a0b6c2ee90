import { needsBillingData } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { readValidatedEmail } from '../../../shared/storage/checkout-storage.ts';
import { useClient } from '../hooks/use-guard-state.ts';
import { chooseBilling, chosenBilling, isBillingError } from '../utils/billing-choice.ts';
import { BillingSection, useBillingForm } from './billing-section.tsx';

/**
 * The billing choice of a new checkout (issue 18), on every page that submits
 * one (customer/checkout, payment/cc, the method pages): the invoice in a
 * company's or the customer's fiscal name, filled with the client's billing
 * data; required above 400 € VAT included (RD 1619/2012 art. 4.1). `submit`
 * checks the open form, keeps its data for the checkout call (use-pay.ts) and
 * then pays; a 400 on `form.billing…` puts its messages on the fields.
 */
export function useCheckoutBilling(payError: unknown, enabled: boolean) {
  const config = useConfig();
  const client = useClient(enabled && config.loggedIn, { retryOnMount: false });
  const email = config.customerEmail ?? readValidatedEmail()?.email ?? '';
  const form = useBillingForm(chosenBilling() ?? client.data?.billing, email);
  const asked = useSearch().includes('billing=1');
  const [openChoice, setOpen] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const open = openChoice ?? (asked || chosenBilling() !== null || Boolean(client.data?.billing));
  const required = needsBillingData(config.cart.total, null);

  // The server's verdict on the billing data: on the fields, or (no data above 400 €) above them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new error is placed
  useEffect(() => {
    if (!(payError instanceof ApiError) || !isBillingError(payError.body?.errors)) return;
    setOpen(true);
    form.applyServerErrors(payError, 'form.billing.');
    setMessage(payError.fieldErrors['form.billing'] ?? null);
  }, [payError]);

  const submit = (pay: () => void) => {
    if (!enabled) return pay();
    if (!open && !required) {
      chooseBilling(null);
      return pay();
    }
    void form.handleSubmit((billing) => {
      chooseBilling(billing);
      pay();
    })();
  };

  const section = enabled ? (
    <BillingSection form={form} open={open} onOpenChange={setOpen} required={required} error={message} />
  ) : null;
  return { section, submit };
}
