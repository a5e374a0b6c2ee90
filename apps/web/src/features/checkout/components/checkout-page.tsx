import { isValidIban, needsBillingData } from '@shop/domain';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { readValidatedEmail } from '../../../shared/storage/checkout-storage.ts';
import { useClient, useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { chooseBilling, chosenBilling, isBillingError } from '../utils/billing-choice.ts';
import { checkoutGuard, chosenMethod } from '../utils/guards.ts';
import { BILLING_FIELD_NAMES, BillingSection, useBillingForm } from './billing-section.tsx';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { PayForm } from './pay-form.tsx';

const IbanSchema = z.object({
  iban: z.string().check(z.refine((value: string) => isValidIban(value), { error: 'invalid_iban' })),
});
type IbanValues = z.input<typeof IbanSchema>;

/**
 * customer/checkout: the order, who it is for and the method it is paid with
 * (a fresh selection, else the client's preferred payment, card by default).
 * A card goes on to payment/cc for the card details; direct debit asks for the
 * IBAN here; the other methods check out from here.
 */
export default function CheckoutPage() {
  const config = useConfig();
  const t = useT();
  const [, navigate] = useLocation();
  usePageTitle(t('titles.checkout'));
  const { state } = useGuardState();
  const pay = usePay();
  const form = useSchemaForm<IbanValues>(IbanSchema, { iban: '' });
  // Billing data (issue 18): the client's, offered for the invoice; required above 400 € (RD 1619/2012 art. 4.1).
  const client = useClient(config.loggedIn);
  const email = config.customerEmail ?? readValidatedEmail()?.email ?? null;
  const billingForm = useBillingForm(chosenBilling() ?? client.data?.billing, email ?? '');
  const asked = useSearch().includes('billing=1');
  const [billingOpen, setBillingOpen] = useState<boolean | null>(null);
  const open = billingOpen ?? (asked || chosenBilling() !== null || Boolean(client.data?.billing));
  const overLimit = needsBillingData(config.cart.total, null);
  const [billingError, setBillingError] = useState<string | null>(null);

  // The client's billing data decide how the billing form opens: wait for them.
  if (!state || (config.loggedIn && client.isPending)) return <Loading />;
  const target = checkoutGuard(state);
  if (target !== 'stay') return <GuardRedirect target={target} />;

  if (config.cart.items.length === 0 && !pay.isPending && !pay.isSuccess) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('checkout.heading')}</h1>
        <p>{t('checkout.emptyCart')}</p>
        <ul className={styles.links}>
          <li>
            <Link href={paths.services()}>{t('checkout.toServices')}</Link>
          </li>
        </ul>
      </section>
    );
  }

  const method = config.payment_methods.includes(chosenMethod(state))
    ? chosenMethod(state)
    : (config.payment_methods[0] ?? 'cc');
  // Direct debit through Stripe: the IBAN goes into Stripe's element (payment/stripe?method=bank), not here.
  const ibanHere = method === 'bank' && (config.payment_gateways?.bank ?? 'sandbox') !== 'stripe';

  const payWith = async () => {
    if (method === 'cc') return navigate(paths.paymentMethod('cc'));
    if (!ibanHere) return pay.mutateAsync({ fields: { type: method } });
    await form.handleSubmit(async ({ iban }) => {
      await pay.mutateAsync({ fields: { type: 'bank', iban: iban.replace(/\s/g, '').toUpperCase() } });
    })();
  };
  const onPay = () => {
    const withBilling = open || overLimit;
    const go = async () => {
      try {
        await payWith();
      } catch (error) {
        form.applyServerErrors(error);
        billingForm.applyServerErrors(error, 'form.billing.');
        if (error instanceof ApiError && isBillingError(error.body?.errors)) {
          setBillingOpen(true);
          setBillingError(error.fieldErrors['form.billing'] ?? null);
        }
      }
    };
    if (!withBilling) {
      chooseBilling(null);
      void go();
      return;
    }
    void billingForm.handleSubmit((billing) => {
      chooseBilling(billing);
      return go();
    })();
  };

  return (
    <PayForm
      title={t('checkout.heading')}
      orderId={null}
      pay={pay}
      onPay={onPay}
      fieldNames={['iban', ...BILLING_FIELD_NAMES]}
      payLabel={
        method === 'cc'
          ? t('checkout.continueCard')
          : method === 'bank' && !ibanHere
            ? t('gatewayPay.continueSepa')
            : undefined
      }
    >
      {email ? <p className={styles.intro}>{t('checkout.identifiedAs', { email })}</p> : null}
      <p className={styles.intro}>
        {t('checkout.methodLine', { method: t(`payment.methods.${method}`) })}{' '}
        <Link href={`${paths.customerPayment()}?change=1`}>{t('payment.change')}</Link>
      </p>
      <BillingSection
        form={billingForm}
        open={open}
        onOpenChange={setBillingOpen}
        required={overLimit}
        error={billingError}
      />
      {method === 'bank' && !ibanHere ? <p className={styles.intro}>{t('gatewayPay.ibanAtStripe')}</p> : null}
      {ibanHere ? (
        <>
          <p className={styles.intro}>{t('payment.bank.intro')}</p>
          <TextField
            label={t('payment.bank.iban')}
            hint={t('payment.bank.ibanHint')}
            autoComplete="off"
            error={form.errorOf('iban')}
            {...form.register('iban')}
          />
        </>
      ) : null}
    </PayForm>
  );
}
