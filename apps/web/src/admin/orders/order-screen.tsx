import type { OrderDetail } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import styles from '../admin.module.css';
import { ADMIN_API, errorText } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { OrderMails } from '../mail/mail-delivery.tsx';
import { CreditNoteForm } from './credit-note-form.tsx';
import { IncidentsPanel } from './incidents-panel.tsx';
import { LateRefundPanel } from './late-refund-panel.tsx';
import { LocatedPanel } from './located-panel.tsx';
import { BillingData, ItemAnswers } from './order-answers.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrderMoves } from './order-moves.tsx';
import { OpenPayments, PaymentExtras } from './payment-extras.tsx';
import { orderQuery } from './queries.ts';
import { ResultForm } from './result-form.tsx';
import { statusName } from './status-names.ts';

/** Payment statuses as the operators call them. */
const PAYMENT_STATUS: Readonly<Record<string, string>> = {
  pending: 'pendiente',
  authorized: 'autorizado',
  paid: 'pagado',
  failed: 'fallido',
  canceled: 'cancelado',
  expired: 'caducado',
  refunded: 'reembolsado',
};

function FileLink({ file }: { file: OrderDetail['files'][number] }) {
  return (
    <>
      <a href={`${ADMIN_API}/files/${file.id}`}>{file.name}</a> ({file.kind}, {Math.ceil(file.size / 1024)}{' '}
      KB)
    </>
  );
}

function ItemSection({ order, item }: { order: OrderDetail; item: OrderDetail['items'][number] }) {
  const files = order.files.filter((f) => f.item_id === item.id);
  return (
    <section className={styles.card} aria-labelledby={`item-${item.id}`}>
      <h2 id={`item-${item.id}`}>
        {item.product_name}{' '}
        <small>
          (producto {item.product_id}, versión {item.product_version ?? '—'})
        </small>
      </h2>
      <p>
        {euros(item.price_cents)} · estado de panel {item.panel_status_id}
        {item.parent_id !== null && ` · hijo de ${item.parent_id}`}
      </p>
      <h3>Respuestas del cliente</h3>
      <ItemAnswers item={item} />
      <h3>Archivos</h3>
      {files.length === 0 ? (
        <p>Sin archivos.</p>
      ) : (
        <ul>
          {files.map((f) => (
            <li key={f.id}>
              <FileLink file={f} />
            </li>
          ))}
        </ul>
      )}
      {item.parent_id === null && (
        <ResultForm orderId={order.id} itemId={item.id} sent={files.filter((f) => f.kind === 'result')} />
      )}
    </section>
  );
}

/**
 * One order, in the order an operator works it: status and moves, what the
 * customer still has to pay, incidents, the answers (titled) with their files
 * and the result form, payments and invoices, mails and the history in words;
 * the refund last, behind a confirmation.
 */
export default function OrderScreen({ orderId }: { orderId: string }) {
  const { data: order, error, isPending } = useQuery(orderQuery(orderId));
  if (isPending) return <p>Cargando…</p>;
  if (!order)
    return (
      <p role="alert" className={styles.error}>
        {errorText(error)}
      </p>
    );
  const others = order.files.filter((f) => f.item_id === null);

  return (
    <>
      <p>
        <Link href="/">← Pedidos</Link>
      </p>
      <h1>
        Pedido {order.id} <span className={styles.badge}>{statusName(order.status)}</span>
      </h1>
      <OrderMoves order={order} />
      <OpenPayments payments={order.payments} />
      <IncidentsPanel order={order} />
      <LateRefundPanel order={order} />
      {order.paid && <LocatedPanel orderId={order.id} items={order.items} />}
      <div className={styles.grid2}>
        <section className={styles.card} aria-labelledby="order-data">
          <h2 id="order-data">Pedido</h2>
          <dl className={styles.dl}>
            <dt>Titular</dt>
            <dd>{order.holder ?? 'No indicado en el formulario'}</dd>
            <dt>Tienda</dt>
            <dd>{order.store_id}</dd>
            <dt>Correo</dt>
            <dd>{order.email}</dd>
            <dt>Fecha</dt>
            <dd>{dateTime(order.created_at)}</dd>
            <dt>Total</dt>
            <dd>{euros(order.total_cents)}</dd>
            <dt>Pagado</dt>
            <dd>{order.paid ? 'Sí' : 'No'}</dd>
            <dt>Método</dt>
            <dd>{order.payment_method ?? '—'}</dd>
          </dl>
          <h3>Facturación</h3>
          <BillingData billing={order.billing} />
        </section>
        <section className={styles.card} aria-labelledby="payments">
          <h2 id="payments">Pagos</h2>
          <ul>
            {order.payments.map((p) => (
              <li key={p.id}>
                Intento {p.attempt}: {p.method} ({p.gateway}), {PAYMENT_STATUS[p.status] ?? p.status},{' '}
                {euros(p.amount_cents)} — {dateTime(p.created_at)}
                <PaymentExtras payment={p} />
              </li>
            ))}
          </ul>
          <h2>Facturas y facturas rectificativas</h2>
          <ul>
            {order.invoices.map((i) => (
              <li key={`${i.kind}-${i.id}`}>
                {i.kind === 'invoice' ? 'Factura' : 'Factura rectificativa'} {i.number}:{' '}
                {euros(i.total_cents)}
                {i.file_id !== null && (
                  <>
                    {' '}
                    <a href={`${ADMIN_API}/files/${i.file_id}`}>PDF</a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      {order.items.map((item) => (
        <ItemSection key={item.id} order={order} item={item} />
      ))}
      {others.length > 0 && (
        <section className={styles.card} aria-labelledby="other-files">
          <h2 id="other-files">Otros archivos</h2>
          <ul>
            {others.map((f) => (
              <li key={f.id}>
                <FileLink file={f} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className={styles.grid2}>
        <OrderMails orderId={order.id} />
        <OrderHistory history={order.history} />
      </div>
      <CreditNoteForm order={order} />
    </>
  );
}
