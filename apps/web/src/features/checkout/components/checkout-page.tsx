import { isValidIban } from '@shop/domain';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { useConfig } from '../../../shared/config/config-store.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { readValidatedEmail } from '../../../shared/storage/checkout-storage.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { usePay } from '../hooks/use-pay.ts';
import { checkoutGuard, chosenMethod } from '../utils/guards.ts';
import styles from './checkout.module.css';
import { EmptyCartNotice } from './empty-cart-notice.tsx';
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

  if (!state) return <Loading />;
  const target = checkoutGuard(state);
  if (target !== 'stay') return <GuardRedirect target={target} />;

  if (config.cart.items.length === 0 && !pay.isPending && !pay.isSuccess) {
    return <EmptyCartNotice title={t('checkout.heading')} />;
  }

  const method = config.payment_methods.includes(chosenMethod(state))
    ? chosenMethod(state)
    : (config.payment_methods[0] ?? 'cc');
  const email = config.customerEmail ?? readValidatedEmail()?.email ?? null;
  // Direct debit through Stripe: the IBAN goes into Stripe's element (payment/stripe?method=bank), not here.
  const ibanHere = method === 'bank' && (config.payment_gateways?.bank ?? 'sandbox') !== 'stripe';

  const onPay =
    method === 'cc'
      ? () => navigate(paths.paymentMethod('cc'))
      : ibanHere
        ? form.handleSubmit(async ({ iban }) => {
            try {
              await pay.mutateAsync({
                fields: { type: 'bank', iban: iban.replace(/\s/g, '').toUpperCase() },
              });
            } catch (error) {
              form.applyServerErrors(error);
            }
          })
        : () => pay.mutate({ fields: { type: method } });

  return (
    <PayForm
      title={t('checkout.heading')}
      orderId={null}
      pay={pay}
      onPay={onPay}
      fieldNames={['iban']}
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
