import { CreditNoteAnswerSchema, eurosToCents, type OrderDetail } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, adminCall } from '../api.ts';
import { euros } from '../format.ts';
import { useAdminSession } from '../session.ts';

/**
 * The rectifying invoice of an order (admins only; the server checks it too):
 * the reason and, for a partial refund, the amount (empty: all that is left),
 * then the refund through the order's gateway and the note's PDF; the order
 * closes ('Abonado' for the customer) once fully refunded (ADR 029).
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
  // A paid, invoiced order with something left to refund (the server's state machine decides for good).
  const refunded = order.invoices
    .filter((i) => i.kind === 'credit_note')
    .reduce((sum, i) => sum + Math.abs(i.total_cents), 0);
  const left = order.total_cents - refunded;
  const creditable =
    order.paid && order.status !== 'closed' && order.invoices.some((i) => i.kind === 'invoice') && left > 0;
  if (session.operator.role !== 'admin' || !creditable) return null;

  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '');
    const amount = String(form.get('amount') ?? '')
      .trim()
      .replace(',', '.');
    setError('');
    setBusy(true);
    try {
      const answer = await adminCall(CreditNoteAnswerSchema, `/orders/${order.id}/credit-note`, {
        method: 'POST',
        body: amount ? { reason, amount_cents: eurosToCents(Number(amount)) } : { reason },
      });
      onIssued(
        `Factura rectificativa ${answer.credit_note.number} (${answer.credit_note.type}) emitida y reembolsado ${euros(answer.credit_note.total_cents)}.`,
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="credit-note">
      <h2 id="credit-note">Reembolso y factura rectificativa</h2>
      <form onSubmit={(event) => void issue(event)}>
        <label className={styles.field}>
          Motivo de la rectificación
          <textarea name="reason" required maxLength={500} rows={2} />
        </label>
        <label className={styles.field}>
          Importe a reembolsar en euros (vacío: todo lo pendiente, {euros(left)})
          <input name="amount" inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          Emitir factura rectificativa y reembolsar
        </Button>
      </form>
    </section>
  );
}
