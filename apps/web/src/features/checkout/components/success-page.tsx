import type { OrderSuccess } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { runConversionScript } from '../../../shared/analytics/conversion.ts';
import { trackPurchase } from '../../../shared/analytics/track.ts';
import { apiUrl } from '../../../shared/api/client.ts';
import { orderSummary } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useConsent } from '../../../shared/consent/consent-store.ts';
import { useHeadingFocus } from '../../../shared/hooks/use-heading-focus.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { readLastSuccessId, saveLastSuccessId } from '../../../shared/storage/checkout-storage.ts';
import { DeliveryPromise } from '../../../shared/ui/delivery-promise.tsx';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';
import { OrderSummary } from './order-summary.tsx';
import pendingStyles from './pending-payment.module.css';
import { openPaymentText, PendingPaymentView } from './pending-payment-view.tsx';
import { SetPasswordOffer } from './set-password-offer.tsx';

/** How often the page asks whether an MB WAY request was answered. */
const MBWAY_POLL_MS = 2000;

/** An MB WAY request sent to the customer's phone and not answered yet. */
function waitingForApp(order: OrderSuccess | undefined): boolean {
  return order?.payment.state === 'pending' && order.payment.pending?.method === 'mbway';
}

/**
 * checkout/success[/{order_id}] (spec 2, 4): the order's summary (number, status,
 * services, total) from orderSummary/; a paid order records last_success_id and
 * its purchase mark once. Without an id: the configuration's lastOrderId, else
 * the last success. A voucher or a mandate still open is shown with copy
 * buttons (and, in the sandbox, its ATM or bank page); an MB WAY request is
 * followed until the customer answers it in the app (success, else the retry page).
 */
export default function SuccessPage() {
  const t = useT();
  const config = useConfig();
  const params = useParams<{ orderId?: string }>();
  usePageTitle(t('titles.checkout'));
  const headingRef = useHeadingFocus<HTMLHeadingElement>();
  // Fixed at arrival: a later answer's configuration must not switch the order shown.
  const [fallback] = useState(() => config.lastOrderId || readLastSuccessId());
  const orderId = params.orderId || fallback;
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => orderSummary(orderId ?? ''),
    enabled: Boolean(orderId),
    // An MB WAY request waits for the customer's confirmation in the app: follow it until it is answered.
    refetchInterval: (query) => (waitingForApp(query.state.data) ? MBWAY_POLL_MS : false),
  });
  const [, navigate] = useLocation();
  const [waited, setWaited] = useState(false);
  const waiting = waitingForApp(order.data);
  useEffect(() => {
    if (waiting) setWaited(true);
  }, [waiting]);
  // Declined in the app: the other methods (the retry page says it once, and that no money was taken).
  useEffect(() => {
    if (waited && order.data?.payment.state === 'failed') navigate(paths.paymentRetry(order.data.order_id));
  }, [waited, order.data, navigate]);

  useEffect(() => {
    if (order.data?.payment.state !== 'paid') return;
    saveLastSuccessId(order.data.order_id);
    // The purchase event, once per order (purchase{orderId}), with the visitor's tracking consent (ADR 008).
    trackPurchase({
      order_id: order.data.order_id,
      items: order.data.items.map((item) => ({
        product_id: item.product_id,
        name: item.name,
        price: item.price,
      })),
    });
  }, [order.data]);

  // The store's conversion snippet (lastOrderSuccess), once per paid order, when the visitor consents.
  const { choice } = useConsent();
  const conversionUrl = config.lastOrderSuccess?.data.script_url ?? null;
  useEffect(() => {
    if (order.data?.payment.state !== 'paid' || !conversionUrl || !choice?.targeting) return;
    runConversionScript({
      orderId: order.data.order_id,
      scriptUrl: conversionUrl,
      baseUrl: config.base_url,
      totalCents: order.data.total,
      currency: 'EUR',
    });
  }, [order.data, conversionUrl, choice, config.base_url]);

  if (!orderId || order.isError) {
    return (
      <section className={styles.page}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('titles.checkout')}
        </h1>
        <p>{orderId ? t('payment.orderNotFound') : t('success.noOrder')}</p>
        <ul className={styles.links}>
          <li>
            <Link href={paths.services()}>{t('success.continue')}</Link>
          </li>
        </ul>
      </section>
    );
  }
  if (!order.data) return <Loading />;

  const data = order.data;
  const paid = data.payment.state === 'paid';
  const pending = data.payment.pending;
  const open = pending ? openPaymentText(pending, t, config.language) : null;

  return (
    <section className={styles.page} aria-labelledby="success-title">
      <h1 id="success-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('success.heading')}
      </h1>
      <p data-testid="success-order">{t('success.order', { order: data.order_id })}</p>
      <p data-testid="success-status">{t('success.status', { status: data.status_label })}</p>
      <p role="status">
        {paid ? t('success.paid') : waiting ? t('pendingPayment.mbwayWaiting') : t('success.pending')}
      </p>
      <DeliveryPromise at={data.promised_at} />
      {open ? <p className={pendingStyles.open}>{open}</p> : null}
      {pending ? <PendingPaymentView pending={pending} /> : null}
      {waiting && pending?.sandbox_url ? (
        <p>
          <a className={pendingStyles.sandbox} href={pending.sandbox_url}>
            {t('pendingPayment.sandboxMbway')}
          </a>
        </p>
      ) : null}
      {data.invoice_available ? (
        <p>
          <a href={apiUrl(config, 'invoice/', { order_id: data.order_id }).href} download>
            {t('success.invoice')}
          </a>
        </p>
      ) : null}
      <OrderSummary
        title={t('success.items')}
        lines={data.items.map((item, index) => ({ id: index, name: item.name, price: item.price }))}
        total={data.total}
        totalLabel={paid ? t('success.total') : t('success.totalDue')}
        language={config.language}
      />
      {config.loggedIn && config.customerEmail ? <SetPasswordOffer email={config.customerEmail} /> : null}
      <ul className={styles.links}>
        <li>
          <Link href={paths.services()}>{t('success.continue')}</Link>
        </li>
      </ul>
    </section>
  );
}
