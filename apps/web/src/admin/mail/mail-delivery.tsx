import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime } from '../format.ts';
import { mailKey, orderMailsQuery, resendMail } from './queries.ts';

export const MAIL_STATUS: Readonly<Record<string, string>> = {
  queued: 'En cola',
  sent: 'Enviado',
  failed: 'Fallido',
  stored: 'Guardado (sin SMTP)',
};

/** A mail's delivery state in words: the status, and for a failure its attempts and last error. */
export function DeliveryState({
  mail,
}: {
  mail: { status: string; attempts: number; last_error: string | null };
}) {
  return (
    <span data-status={mail.status}>
      {MAIL_STATUS[mail.status] ?? mail.status}
      {mail.status === 'failed' && mail.last_error && (
        <>
          {' '}
          ({mail.attempts} intentos: {mail.last_error})
        </>
      )}
    </span>
  );
}

/** "Reenviar": the same mail queued again; says so, and the lists show the new one's state. */
export function ResendButton({ mailId, subject }: { mailId: number; subject: string }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendMail(mailId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKey }),
  });
  return (
    <span className={styles.actions}>
      <Button
        variant="secondary"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        aria-label={`Reenviar: ${subject}`}
      >
        Reenviar
      </Button>
      {resend.isSuccess && <output className={styles.notice}>Reenviado: queda en cola para su envío.</output>}
      {resend.isError && (
        <span role="alert" className={styles.error}>
          {errorText(resend.error)}
        </span>
      )}
    </span>
  );
}

/** The order screen's mails: each with its delivery state and a resend. */
export function OrderMails({ orderId }: { orderId: string }) {
  const { data: mails, error } = useQuery(orderMailsQuery(orderId));
  return (
    <section className={styles.card} aria-labelledby="order-mails-title">
      <h2 id="order-mails-title">Correos del pedido</h2>
      {error && <p role="alert">{errorText(error)}</p>}
      {mails && mails.length === 0 && <p>No hay correos de este pedido.</p>}
      {mails && mails.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Asunto</th>
              <th scope="col">Estado</th>
              <th scope="col">Acción</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((m) => (
              <tr key={m.id}>
                <td>{dateTime(m.created_at)}</td>
                <td>
                  <Link href={`/mail?id=${m.id}`}>{m.subject}</Link>
                </td>
                <td>
                  <DeliveryState mail={m} />
                </td>
                <td>
                  <ResendButton mailId={m.id} subject={m.subject} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
