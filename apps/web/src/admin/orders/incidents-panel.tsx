import { INCIDENT_OPTION, type OrderDetail } from '@shop/domain';
import styles from '../admin.module.css';
import { ADMIN_API } from '../api.ts';
import { dateTime } from '../format.ts';

/** The incidents raised on an order: the message sent, and the customer's answer and files once given. */
export function IncidentsPanel({ order }: { order: OrderDetail }) {
  if (order.incidents.length === 0) return null;
  const fileName = (id: number) => order.files.find((f) => f.id === id)?.name ?? `#${id}`;
  return (
    <section className={styles.card} aria-labelledby="incidents">
      <h2 id="incidents">Incidencias</h2>
      {order.incidents.map((incident) => (
        <article key={incident.id}>
          <h3>
            Incidencia {incident.id} · {dateTime(incident.created_at)} · {incident.created_by}
          </h3>
          <p>Mensaje: {incident.message}</p>
          {incident.answered_at === null ? (
            <p>Esperando el formulario del cliente.</p>
          ) : (
            <>
              <p>Respondida el {dateTime(incident.answered_at)}</p>
              <dl className={styles.dl}>
                {incident.answers
                  .filter((a) => a.option_id !== INCIDENT_OPTION.files)
                  .map((a) => (
                    <div key={a.option_id} style={{ display: 'contents' }}>
                      <dt>{a.label}</dt>
                      <dd>{a.value}</dd>
                    </div>
                  ))}
              </dl>
              {incident.file_ids.length > 0 && (
                <ul aria-label="Documentos del cliente">
                  {incident.file_ids.map((id) => (
                    <li key={id}>
                      <a href={`${ADMIN_API}/files/${id}`}>{fileName(id)}</a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </article>
      ))}
    </section>
  );
}
