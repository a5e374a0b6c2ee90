import { formatVoucherExpiry, type PaymentMethod, PaymentMethodSchema } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { orderSummary } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { RadioGroup } from '../../../shared/forms/radio-group.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import {
  clearInvalidPayment,
  readInvalidPayment,
  savePaymentSelection,
  setInvalidPayment,
} from '../../../shared/storage/checkout-storage.ts';
import { useGuardState } from '../hooks/use-guard-state.ts';
import { paymentGuard } from '../utils/guards.ts';
import { withOrder } from '../utils/order-query.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { Loading } from './loading.tsx';
import { OrderPanel } from './order-panel/order-panel.tsx';

const ChoiceSchema = z.object({ method: z.string().check(z.minLength(1, { error: 'choose_one' })) });
type ChoiceValues = z.input<typeof ChoiceSchema>;

export type PaymentChoiceMode = 'choose' | 'retry' | 'order';

const MULTIBANCO: readonly string[] = ['multibanco', 'moneimultibanco'];
/** The open payment's method and an offered one are the same way to pay (both Multibanco count as one). */
const isSameMethod = (open: string, offered: string) =>
  open === offered || (MULTIBANCO.includes(open) && MULTIBANCO.includes(offered));

/** The retry or order page of an order paid meanwhile: it says so and offers nothing. */
function PaidOrder({ orderId }: { orderId: string }) {
  const t = useT();
  return (
    <section className={styles.page} aria-labelledby="paid-title">
      <h1 id="paid-title" className={styles.title}>
        {t('pendingPayment.paidHeading')}
      </h1>
      <p role="status">{t('pendingPayment.paidText')}</p>
      <ul className={styles.links}>
        <li>
          <Link href={paths.checkoutSuccess(orderId)}>{t('success.order', { order: orderId })}</Link>
        </li>
        <li>
          <Link href={paths.customerOrders()}>{t('followups.backToOrders')}</Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * customer/payment (spec 4 guards), and the same choice for an existing order:
 * payment/retry[/{order_id}] after a failed payment (the failed-payment text,
 * the other methods) and payment/order/{order_id} (an unpaid order). Only the
 * store's methods are offered (config.payment_methods, DECISIONS.md).
 */
export default function PaymentChoicePage({ mode }: { mode: PaymentChoiceMode }) {
  const config = useConfig();
  const t = useT();
  const params = useParams<{ orderId?: string }>();
  const [, navigate] = useLocation();
  const { state } = useGuardState();
  usePageTitle(t('titles.checkout'));
  const orderId = mode === 'choose' ? null : params.orderId || readInvalidPayment() || config.lastOrderId;
  const [changing] = useState(() => new URLSearchParams(window.location.search).has('change'));
  const form = useSchemaForm<ChoiceValues>(ChoiceSchema, { method: '' });
  // How the order's payment stands: a paid order offers nothing, an open voucher is not issued twice.
  const summary = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => orderSummary(orderId ?? ''),
    enabled: Boolean(orderId) && config.loggedIn,
  });
  const paid = summary.data?.payment.state === 'paid';
  // customer/payment with a cart checks it out as a new order (issue 17 item 5): the failed order
  // stays payable from its own pages (customer/orders, payment/retry/{id}). With nothing in the
  // cart (back from the retry page), the choice is still for the failed order.
  const failedOrder = readInvalidPayment();
  const newCart = config.cart.items.length > 0;
  const steered = mode === 'choose' && !newCart ? failedOrder : null;
  // The failed-payment text (not for an order paid meanwhile).
  const failed = (mode === 'retry' && !paid) || steered !== null;

  // Back from a gateway's page after a failed payment (the sandbox and real
  // gateways return to payment/retry/{order_id}): set the flag; the page says it once.
  const known = !summary.isLoading;
  useEffect(() => {
    if (mode !== 'retry' || !orderId || !known || paid || readInvalidPayment() === orderId) return;
    setInvalidPayment(orderId, t('payments.failed'));
  }, [mode, orderId, known, paid, t]);
  const method = form.watch('method');

  if (!state) return <Loading />;
  if (mode === 'choose' && !changing) {
    const target = paymentGuard(state);
    if (target !== 'stay') return <GuardRedirect target={target} />;
  }
  if (mode !== 'choose' && !orderId) return <GuardRedirect target="payment" />;
  if (orderId && summary.isPending && config.loggedIn) return <Loading />;
  if (orderId && paid) return <PaidOrder orderId={orderId} />;
  const payingOrder = mode !== 'choose' ? orderId : steered;
  const open = summary.data?.payment.pending;

  // After a failure the method that failed is not offered again (spec: "offers the other methods").
  const failedWith = failed ? (state.selection?.method ?? summary.data?.payment_method) : undefined;
  // Direct debit is set up at checkout only: another attempt for an order is paid by the other methods;
  // the method of a voucher or debit still open is not started twice.
  const methods = config.payment_methods.filter(
    (m) => m !== failedWith && !(payingOrder && m === 'bank') && !(open && isSameMethod(open.method, m)),
  );
  const options = (methods.length ? methods : config.payment_methods).map((value) => ({
    value,
    label: t(`payment.methods.${value}`),
  }));

  const onNext = form.handleSubmit(({ method: chosen }) => {
    const parsed = z.safeParse(PaymentMethodSchema, chosen);
    if (!parsed.success) return;
    savePaymentSelection(parsed.data);
    // Paying the cart: the customer has left the failed order, the flag goes (the order stays payable).
    if (mode === 'choose' && !payingOrder) clearInvalidPayment();
    navigate(withOrder(paths.paymentMethod(parsed.data), payingOrder));
  });

  return (
    <StepLayout title={t('payment.heading')} onNext={onNext}>
      {failed ? (
        <p className={styles.alert} role="status">
          <span>{t('payments.failed')}</span> <span>{t('pendingPayment.noCharge')}</span>
        </p>
      ) : null}
      {payingOrder ? <p className={styles.intro}>{t('payment.forOrder', { order: payingOrder })}</p> : null}
      <OrderPanel orderId={payingOrder} />
      {open?.voucher ? (
        <p className={styles.intro}>
          {t('pendingPayment.otherWayVoucher', {
            date: formatVoucherExpiry(open.voucher.expires_at, config.language),
          })}
        </p>
      ) : open?.mandate ? (
        <p className={styles.intro}>{t('pendingPayment.otherWayMandate')}</p>
      ) : null}
      <RadioGroup<PaymentMethod>
        legend={t('payment.method')}
        name="method"
        options={options}
        value={(method as PaymentMethod) || ''}
        onChange={(value) => form.setValue('method', value, { shouldValidate: form.formState.isSubmitted })}
        error={form.errorOf('method') ? t('payment.chooseError') : undefined}
        required
      />
    </StepLayout>
  );
}
