import { formatEuros } from '@shop/domain';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import type { usePay } from '../hooks/use-pay.ts';
import { BILLING_FIELD_NAMES } from './billing-section.tsx';
import styles from './checkout.module.css';
import { useCheckoutBilling } from './checkout-billing.tsx';
import { EmptyCartNotice } from './empty-cart-notice.tsx';
import { OrderPanel } from './order-panel/order-panel.tsx';

/** The refusal of a payment call that is not about a field: the server's message (409: already ordered...). */
export function payRefusal(error: unknown, fieldNames: readonly string[]): string | null {
  if (!(error instanceof ApiError) || error.gaveUp || error.status === null) return null;
  const placed = (error.body?.errors ?? []).some((e) => fieldNames.includes(e.path.replace(/^form\./, '')));
  return placed ? null : error.message;
}

/**
 * The frame of every payment page: heading, what is paid (the cart, or the
 * order being paid again), the method's fields, the pay button and a link to
 * change the method.
 */
export function PayForm({
  title,
  intro,
  orderId,
  pay,
  onPay,
  fieldNames = [],
  payLabel,
  children,
}: {
  title: string;
  intro?: string;
  orderId: string | null;
  pay: ReturnType<typeof usePay>;
  onPay: () => void;
  fieldNames?: readonly string[];
  /** The pay button's text when it does not pay yet (e.g. 'enter the card details'). */
  payLabel?: string;
  children?: ReactNode;
}) {
  const config = useConfig();
  const t = useT();
  const [, navigate] = useLocation();
  const { cart, language } = config;
  const refused = payRefusal(pay.error, [...fieldNames, ...BILLING_FIELD_NAMES]);
  // A new checkout (no order yet) offers the invoice in a fiscal name (issue 18).
  const billing = useCheckoutBilling(pay.error, orderId === null);
  // Nothing to pay (the cart was emptied in another tab, a stale link): no 'Pagar 0 €'.
  if (orderId === null && cart.items.length === 0 && !pay.isPending && !pay.isSuccess) {
    return <EmptyCartNotice title={title} />;
  }
  return (
    <StepLayout
      title={title}
      onNext={() => billing.submit(onPay)}
      onBack={() => navigate(`${paths.customerPayment()}?change=1`)}
      nextLabel={
        payLabel ??
        (orderId ? t('forms.next') : t('payment.pay', { amount: formatEuros(cart.total, language) }))
      }
      busy={pay.isPending || pay.isSuccess}
    >
      {refused ? (
        <p role="alert" className={styles.alert}>
          {refused}
        </p>
      ) : null}
      {orderId ? <p className={styles.intro}>{t('payment.forOrder', { order: orderId })}</p> : null}
      <OrderPanel orderId={orderId} />
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
      {billing.section}
      {pay.isPending ? (
        <p role="status" className={styles.note}>
          {t('payment.paying')}
        </p>
      ) : null}
    </StepLayout>
  );
}
