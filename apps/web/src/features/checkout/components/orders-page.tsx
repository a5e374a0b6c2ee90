import {
  formatEuros,
  formatOrderDate,
  type Pedido,
  type PedidoItem,
  type PendingPayment,
} from '@shop/domain';
import type { TranslationKey } from '@shop/domain/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { pedido, pedidos } from '../../../shared/api/orders.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { DeliveryPromise } from '../../../shared/ui/delivery-promise.tsx';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';
import { NotifyWhenReady } from './notify-when-ready.tsx';
import { ItemActions, OrderActions } from './order-actions.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import styles from './orders.module.css';
import pendingStyles from './pending-payment.module.css';
import { openPaymentText, PendingPaymentView } from './pending-payment-view.tsx';

/** dd/mm/yy hh:mm in the browser's zone (spec 4 "request date"); the server's text if the zone is unknown. */
function localDate(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
  return formatOrderDate(iso, zone) ?? iso;
}

/** A row line's text: the request date in local time; 'all' properties (num_propiedades) in words. */
function lineValue(line: PedidoItem['lines'][number], item: PedidoItem, t: ReturnType<typeof useT>): string {
  if (line.key === 'requestDate') return localDate(item.created_at);
  if (line.key === 'properties' && line.value === 'all') return t('orders.allProperties');
  return line.value;
}

function ItemRow({ order, item }: { order: Pedido; item: PedidoItem }) {
  const t = useT();
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <h3 className={styles.product}>
          {item.product_name}
          {item.short_name && item.short_name !== item.product_name && (
            <span className={styles.short}> ({item.short_name})</span>
          )}
        </h3>
        <span className={`${styles.status} ${item.status_class}`} data-status={item.status_key}>
          {item.status_label}
        </span>
      </div>
      <p className={styles.header}>{item.header}</p>
      {item.details && <p className={styles.details}>{item.details}</p>}
      {item.lines.length > 0 && (
        <dl className={styles.lines}>
          {item.lines.map((line) => (
            <div key={line.key} className={styles.line}>
              <dt>{t(`orders.line.${line.key}` as TranslationKey)}</dt>
              <dd>{lineValue(line, item, t)}</dd>
            </div>
          ))}
        </dl>
      )}
      <ItemActions order={order} item={item} />
      {item.childs.length > 0 && (
        <ul className={styles.childs}>
          {item.childs.map((child) => (
            <ItemRow key={child.id} order={order} item={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The voucher or mandate the order waits for: 'Pendiente de pago: …' and its details. */
function OpenPayment({ order, pending }: { order: Pedido; pending: PendingPayment }) {
  const t = useT();
  const { language } = useConfig();
  const text = openPaymentText(pending, t, language);
  if (!text) return null;
  return (
    <div>
      <p className={pendingStyles.open} id={`order-${order.order_id}-open`}>
        {text}
      </p>
      <PendingPaymentView pending={pending} headingLevel={3} />
    </div>
  );
}

function OrderCard({ order }: { order: Pedido }) {
  const t = useT();
  const { language } = useConfig();
  const titleId = `order-${order.order_id}`;
  const ready = order.documents.length > 0;
  return (
    <article className={styles.order} aria-labelledby={titleId}>
      <header className={styles.orderHead}>
        <h2 id={titleId}>{t('orders.order', { id: order.order_id })}</h2>
        <p>{t('orders.placed', { date: localDate(order.created_at) })}</p>
        <p>
          {t('orders.total')}: {formatEuros(order.total, language)}
        </p>
      </header>
      <OrderTimeline order={order} />
      {order.incident && (
        <section className={styles.incident} aria-labelledby={`${titleId}-incident`}>
          <h3 id={`${titleId}-incident`}>{t('orders.incidentHeading')}</h3>
          <p className={styles.incidentMessage}>{order.incident.message}</p>
          <Link href={paths.incidentForm(order.incident.form_id, order.order_id)}>
            {t('orders.incidentLink')}
          </Link>
        </section>
      )}
      {order.pending_payment && <OpenPayment order={order} pending={order.pending_payment} />}
      <ul className={styles.items}>
        {order.items.map((item) => (
          <ItemRow key={item.id} order={order} item={item} />
        ))}
      </ul>
      <ul className={styles.downloads}>
        {order.facturas.map((file) => (
          <li key={file.url}>
            <a href={file.url} download>
              {t('orders.invoice', { name: file.name })}
            </a>
          </li>
        ))}
        {order.abonos.map((file) => (
          <li key={file.url}>
            <a href={file.url} download>
              {t('orders.creditNote', { name: file.name })}
            </a>
          </li>
        ))}
        {order.documents.map((file) => (
          <li key={file.url}>
            <a href={file.url} download>
              {t('orders.document', { name: file.name })}
            </a>
          </li>
        ))}
      </ul>
      {!ready && order.paid && <p className={styles.pending}>{t('orders.documentPending')}</p>}
      {!ready && order.paid && <DeliveryPromise at={order.promised_at} />}
      <NotifyWhenReady order={order} />
      {order.late_refund && (
        <p role="note">
          {t(order.late_refund === 'refunded' ? 'promise.orderLateDone' : 'promise.orderLate')}
        </p>
      )}
      <OrderActions order={order} />
    </article>
  );
}

/**
 * customer/orders (issue 10): the logged-in customer's orders from GET pedidos,
 * with each row's labels, invoices, credit notes and ready documents. The call
 * is silent (spec 8): when it fails the page keeps the current configuration
 * and shows no order.
 */
export default function OrdersPage() {
  const t = useT();
  const config = useConfig();
  usePageTitle(t('orders.heading'));
  // customer/orders/{order_id}: that one order (every mail about it links here), else all of them.
  const { orderId } = useParams<{ orderId?: string }>();
  const list = useQuery({
    queryKey: orderId ? ['pedidos', orderId] : ['pedidos'],
    queryFn: async () => (orderId ? [await pedido(orderId)].flatMap((one) => (one ? [one] : [])) : pedidos()),
    enabled: config.loggedIn,
  });

  let body: React.ReactNode;
  if (!config.loggedIn) body = <LoginToContinue back={paths.customerOrders()} label={t('orders.login')} />;
  else if (list.isPending) body = <Loading label={t('orders.loading')} />;
  else if (orderId && (list.isError || list.data.length === 0)) body = <p>{t('payment.orderNotFound')}</p>;
  else if (list.isError || list.data.length === 0) body = <p>{t('orders.empty')}</p>;
  else body = list.data.map((order) => <OrderCard key={order.order_id} order={order} />);

  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <h1 id="orders-title" className={styles.title}>
        {t('orders.heading')}
      </h1>
      {config.loggedIn ? (
        <p>
          <Link href={paths.customerDetails()}>{t('billing.detailsLink')}</Link>
        </p>
      ) : null}
      {body}
      {orderId && config.loggedIn ? (
        <p>
          <Link href={paths.customerOrders()}>{t('orders.allOrders')}</Link>
        </p>
      ) : null}
    </section>
  );
}
