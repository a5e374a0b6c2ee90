import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import styles from '../admin.module.css';
import { ADMIN_API, errorText } from '../api.ts';
import { dateTime } from '../format.ts';
import { DeliveryState, ResendButton } from './mail-delivery.tsx';
import { mailListQuery, mailQuery } from './queries.ts';

const STATUS = {
  queued: 'En cola',
  sent: 'Enviado',
  failed: 'Fallido',
  stored: 'Guardado (sin SMTP)',
} as const;

/**
 * Sent mail and the outbox: the list (by status) and one mail. The HTML body
 * is shown in a sandboxed frame with no scripts, so a mail cannot act in the
 * back office's origin.
 */
export default function MailScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const status = params.get('status') ?? '';
  const id = params.get('id') ?? '';
  const listQuery = useQuery(mailListQuery(status));
  const one = useQuery({ ...mailQuery(id), enabled: id !== '' });
  const list = listQuery.data;
  const mail = id ? one.data : undefined;
  const failed = listQuery.error ?? (id ? one.error : null);
  const error = failed ? errorText(failed) : '';

  return (
    <>
      <h1>Correo</h1>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.grid2}>
        <section className={styles.card}>
          <label className={styles.field}>
            Estado
            <select
              value={status}
              onChange={(e) => navigate(e.target.value ? `/mail?status=${e.target.value}` : '/mail')}
            >
              <option value="">Todos</option>
              {Object.entries(STATUS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Para</th>
                <th scope="col">Asunto</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {list?.mails.map((m) => (
                <tr key={m.id}>
                  <td>{dateTime(m.created_at)}</td>
                  <td>{m.to}</td>
                  <td>
                    <Link
                      href={`/mail?${new URLSearchParams({ ...(status ? { status } : {}), id: String(m.id) })}`}
                    >
                      {m.subject}
                    </Link>
                  </td>
                  <td>
                    <DeliveryState mail={m} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list && list.mails.length === 0 && <p>No hay correos.</p>}
        </section>
        {mail && (
          <section className={styles.card} aria-labelledby="mail-subject">
            <h2 id="mail-subject">{mail.subject}</h2>
            <dl className={styles.dl}>
              <dt>Para</dt>
              <dd>{mail.to}</dd>
              <dt>Creado</dt>
              <dd>{dateTime(mail.created_at)}</dd>
              <dt>Enviado</dt>
              <dd>{mail.sent_at ? dateTime(mail.sent_at) : '—'}</dd>
              <dt>Estado</dt>
              <dd>
                <DeliveryState mail={mail} />
              </dd>
              <dt>Adjuntos</dt>
              <dd>
                {mail.attachments.map((a) => (
                  <a key={a.file_id} href={`${ADMIN_API}/files/${a.file_id}`}>
                    {a.filename}{' '}
                  </a>
                ))}
              </dd>
            </dl>
            <ResendButton key={mail.id} mailId={mail.id} subject={mail.subject} />
            {mail.html ? (
              <iframe
                title="Contenido HTML"
                sandbox=""
                srcDoc={mail.html}
                style={{ width: '100%', minHeight: 360 }}
              />
            ) : null}
            <h3>Texto</h3>
            <div className={styles.mailBody}>{mail.text}</div>
          </section>
        )}
      </div>
    </>
  );
}
