import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { trackPurchase } from '../../../shared/analytics/track.ts';
import { apiUrl } from '../../../shared/api/client.ts';
import { orderSummary } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { readLastSuccessId, saveLastSuccessId } from '../../../shared/storage/checkout-storage.ts';
import { voucherPath } from '../utils/next-step.ts';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';
import { OrderSummary } from './order-summary.tsx';

/**
 * checkout/success[/{order_id}] (spec 2, 4): the order's summary (number, status,
 * services, total) from orderSummary/; a paid order records last_success_id and
 * its purchase mark once. Without an id: the configuration's lastOrderId, else
 * the last success. A Multibanco order still to pay links to its voucher.
 */
export default function SuccessPage() {
  const t = useT();
  const config = useConfig();
  const params = useParams<{ orderId?: string }>();
  usePageTitle(t('titles.checkout'));
  // Fixed at arrival: a later answer's configuration must not switch the order shown.
  const [fallback] = useState(() => config.lastOrderId || readLastSuccessId());
  const orderId = params.orderId || fallback;
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => orderSummary(orderId ?? ''),
    enabled: Boolean(orderId),
  });

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

  if (!orderId || order.isError) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('titles.checkout')}</h1>
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
  const voucher = data.payment.voucher;

  return (
    <section className={styles.page} aria-labelledby="success-title">
      <h1 id="success-title" className={styles.title}>
        {t('success.heading')}
      </h1>
      <p data-testid="success-order">{t('success.order', { order: data.order_id })}</p>
      <p data-testid="success-status">{t('success.status', { status: data.status_label })}</p>
      <p role="status">{paid ? t('success.paid') : t('success.pending')}</p>
      {voucher ? (
        <p>
          <Link href={voucherPath(data.order_id, voucher)}>{t('payment.voucher.heading')}</Link>
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
      <ul className={styles.links}>
        <li>
          <Link href={paths.services()}>{t('success.continue')}</Link>
        </li>
      </ul>
    </section>
  );
}
