import { CreditNoteAnswerSchema, type OrderDetail } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { AdminApiError, adminCall, euros } from '../api.ts';
import { useAdminSession } from '../session.ts';

/**
 * The credit note of an order (admins only; the server checks it too): the
 * reason, then the refund through the order's gateway, the note's PDF and the
 * order closed ('Abonado' for the customer).
 */
export function CreditNoteForm({
  order,
  onIssued,
}: {
  order: OrderDetail;
  onIssued: (notice: string) => void;
}) {
  const session = useAdminSession();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // A paid, invoiced order not refunded yet (the server's state machine decides for good).
  const creditable =
    order.paid &&
    order.status !== 'closed' &&
    order.invoices.some((i) => i.kind === 'invoice') &&
    !order.invoices.some((i) => i.kind === 'credit_note');
  if (session.operator.role !== 'admin' || !creditable) return null;

  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    setError('');
    setBusy(true);
    try {
      const answer = await adminCall(CreditNoteAnswerSchema, `/orders/${order.id}/credit-note`, {
        method: 'POST',
        body: { reason },
      });
      onIssued(
        `Abono ${answer.credit_note.number} emitido y reembolsado (${euros(answer.credit_note.total_cents)}).`,
      );
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="credit-note">
      <h2 id="credit-note">Abono y reembolso</h2>
      <form onSubmit={(event) => void issue(event)}>
        <label className={styles.field}>
          Motivo del abono
          <textarea name="reason" required maxLength={500} rows={2} />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          Emitir abono y reembolsar {euros(order.total_cents)}
        </Button>
      </form>
    </section>
  );
}
