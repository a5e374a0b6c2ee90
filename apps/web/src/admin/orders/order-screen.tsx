import { type OrderDetail, OrderDetailAnswerSchema } from '@shop/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ADMIN_API, AdminApiError, adminCall, dateTime, euros } from '../api.ts';
import { CreditNoteForm } from './credit-note-form.tsx';
import { IncidentsPanel } from './incidents-panel.tsx';
import { LocatedPanel } from './located-panel.tsx';
import { PaymentExtras } from './payment-extras.tsx';
import { PANEL_MOVES, statusName } from './status-names.ts';

const TransitionAnswerSchema = z.object({
  ok: z.literal(true),
  status: z.string(),
  panel_status_id: z.int(),
});
const ResultAnswerSchema = z.object({ ok: z.literal(true), file_id: z.int() });

function Answers({ form }: { form: Record<string, unknown> }) {
  const entries = Object.entries(form).filter(
    ([, v]) => v !== '' && v !== null && v !== false && v !== undefined,
  );
  if (!entries.length) return <p>Sin respuestas.</p>;
  return (
    <dl className={styles.dl}>
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{key}</dt>
          <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order: the customer's answers, files, payments, invoices, mails, history; moves and the result document. */
export default function OrderScreen({ orderId }: { orderId: string }) {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [incident, setIncident] = useState(false);

  const load = useCallback(() => {
    adminCall(OrderDetailAnswerSchema, `/orders/${encodeURIComponent(orderId)}`)
      .then((answer) => setOrder(answer.order))
      .catch((err: unknown) => setError(err instanceof AdminApiError ? err.message : 'Error'));
  }, [orderId]);
  useEffect(load, [load]);

  const move = async (to: string, message = '') => {
    setError('');
    setNotice('');
    try {
      const answer = await adminCall(TransitionAnswerSchema, `/orders/${orderId}/transition`, {
        method: 'POST',
        body: { to, message },
      });
      setNotice(`Estado: ${statusName(answer.status)}`);
      setIncident(false);
      load();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'Error');
    }
  };

  const raiseIncident = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = String(new FormData(event.currentTarget).get('message') ?? '');
    void move('incident', message);
  };

  const attach = async (event: FormEvent<HTMLFormElement>, itemId: number) => {
    event.preventDefault();
    setError('');
    setNotice('');
    const form = new FormData(event.currentTarget);
    try {
      await adminCall(ResultAnswerSchema, `/orders/${orderId}/items/${itemId}/result`, {
        method: 'POST',
        form,
      });
      setNotice('Documento adjuntado y enviado al cliente.');
      load();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'Error');
    }
  };

  if (!order) return error ? <p role="alert">{error}</p> : <p>Cargando…</p>;

  return (
    <>
      <p>
        <Link href="/">← Pedidos</Link>
      </p>
      <h1>
        Pedido {order.id} <span className={styles.badge}>{statusName(order.status)}</span>
      </h1>
      {notice && <output className={styles.badge}>{notice}</output>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <section className={styles.card} aria-labelledby="moves">
        <h2 id="moves">Estado</h2>
        <div className={styles.actions}>
          {PANEL_MOVES.filter((m) => m.to !== 'incident').map((m) => (
            <Button
              key={m.to}
              variant="secondary"
              disabled={!order.allowed.includes(m.status)}
              onClick={() => void move(m.to)}
            >
              {m.label}
            </Button>
          ))}
          <Button
            variant="secondary"
            disabled={!order.allowed.includes('complete_incident')}
            onClick={() => setIncident(true)}
          >
            Incidencia (60)…
          </Button>
        </div>
        {incident && (
          <form onSubmit={raiseIncident}>
            <label className={styles.field}>
              Mensaje para el cliente (le pedirá el formulario de incidencia)
              <textarea name="message" required maxLength={2000} rows={3} />
            </label>
            <Button type="submit">Abrir incidencia</Button>
          </form>
        )}
      </section>
      <IncidentsPanel order={order} />
      <CreditNoteForm
        order={order}
        onIssued={(text) => {
          setError('');
          setNotice(text);
          load();
        }}
      />
      {order.paid && <LocatedPanel orderId={order.id} items={order.items} onChange={load} />}
      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2>Pedido</h2>
          <dl className={styles.dl}>
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
          <Answers form={order.billing} />
        </section>
        <section className={styles.card}>
          <h2>Pagos</h2>
          <ul>
            {order.payments.map((p) => (
              <li key={p.id}>
                #{p.attempt} {p.method} ({p.gateway}): {p.status}, {euros(p.amount_cents)} —{' '}
                {dateTime(p.created_at)}
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
        <section className={styles.card} key={item.id}>
          <h2>
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
          <Answers form={item.form} />
          <h3>Archivos</h3>
          <ul>
            {order.files
              .filter((f) => f.item_id === item.id)
              .map((f) => (
                <li key={f.id}>
                  <a href={`${ADMIN_API}/files/${f.id}`}>{f.name}</a> ({f.kind}, {Math.ceil(f.size / 1024)}{' '}
                  KB)
                </li>
              ))}
          </ul>
          {item.parent_id === null && (
            <form onSubmit={(event) => void attach(event, item.id)}>
              <label className={styles.field}>
                Documento resultado (PDF)
                <input name="file" type="file" accept="application/pdf" required />
              </label>
              <Button type="submit" variant="secondary">
                Adjuntar y enviar al cliente
              </Button>
            </form>
          )}
        </section>
      ))}
      {order.files.some((f) => f.item_id === null) && (
        <section className={styles.card}>
          <h2>Otros archivos</h2>
          <ul>
            {order.files
              .filter((f) => f.item_id === null)
              .map((f) => (
                <li key={f.id}>
                  <a href={`${ADMIN_API}/files/${f.id}`}>{f.name}</a> ({f.kind})
                </li>
              ))}
          </ul>
        </section>
      )}
      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2>Correos</h2>
          <ul>
            {order.mails.map((m) => (
              <li key={m.id}>
                <Link href={`/mail?id=${m.id}`}>{m.subject}</Link> ({m.status}, {dateTime(m.created_at)})
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card}>
          <h2>Historial</h2>
          <ul>
            {order.history.map((h) => (
              <li key={h.id}>
                {dateTime(h.at)} · {h.actor} · {h.action}
                {typeof h.data.message === 'string' && `: ${h.data.message}`}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
