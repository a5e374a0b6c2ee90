import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'wouter';
import { orderSummary, stripeProcess } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useHeadingFocus } from '../../../shared/hooks/use-heading-focus.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { clearInvalidPayment, setInvalidPayment } from '../../../shared/storage/checkout-storage.ts';
import { orderOfQuery } from '../utils/order-query.ts';
import { resultOfQuery } from '../utils/payment-outcome.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { OrderPanel } from './order-panel/order-panel.tsx';

/** How often and how long the page asks for the order's state after a challenge. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT = 20;

/**
 * payment/3ds, payment/3ds/order/{order_id} and checkout/3ds: where the customer
 * comes back from a 3-D Secure challenge or a gateway page. The page asks for
 * the order (orderSummary/) until its payment is settled: paid or pending -> the
 * success page; failed (so the server says, or the gateway's `result` in the
 * query, or still unpaid when the polling ends) -> the invalid-payment flag and
 * the other methods.
 */
export default function ThreeDsPage() {
  const t = useT();
  const config = useConfig();
  const params = useParams<{ orderId?: string }>();
  const [, navigate] = useLocation();
  usePageTitle(t('titles.checkout'));
  const headingRef = useHeadingFocus<HTMLHeadingElement>();
  const orderId = params.orderId || orderOfQuery() || config.lastOrderId;
  const result = resultOfQuery(window.location.search);
  const polls = useRef(0);
  const stripeReturn = new URLSearchParams(window.location.search).has('payment_intent');

  const order = useQuery({
    queryKey: ['order', orderId, 'settle'],
    enabled: Boolean(orderId) && result !== 'failed',
    queryFn: async () => {
      polls.current += 1;
      // Coming back from Stripe: ask the server to complete the card payment first (spec 7).
      if (stripeReturn && polls.current === 1 && orderId) {
        await stripeProcess(orderId).catch(() => undefined);
      }
      return orderSummary(orderId ?? '');
    },
    refetchInterval: (query) =>
      query.state.data?.payment.state === 'unpaid' && polls.current < POLL_LIMIT ? POLL_INTERVAL_MS : false,
  });

  const outcome =
    result === 'failed'
      ? 'failed'
      : order.data
        ? order.data.payment.state
        : order.isError
          ? 'failed'
          : 'unpaid';
  const exhausted = outcome === 'unpaid' && polls.current >= POLL_LIMIT && !order.isFetching;

  useEffect(() => {
    if (!orderId) return;
    if (outcome === 'paid' || outcome === 'pending') {
      clearInvalidPayment();
      navigate(paths.checkoutSuccess(orderId), { replace: true });
    } else if (outcome === 'failed' || exhausted) {
      // The retry page says it, once.
      setInvalidPayment(orderId, order.data?.payment.message || t('payments.failed'));
      navigate(paths.paymentRetry(orderId), { replace: true });
    }
  }, [outcome, exhausted, orderId, navigate, t, order.data]);

  if (!orderId) return <GuardRedirect target="payment" />;

  return (
    <section className={styles.page} aria-busy="true">
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('payment.threeDs.heading')}
      </h1>
      <p role="status">{t('payment.threeDs.waiting')}</p>
      <OrderPanel orderId={orderId} />
    </section>
  );
}
