import { eurosToCents, type OrderDetail } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { euros } from '../format.ts';
import { useAdminSession } from '../session.ts';
import { issueCreditNote, refreshOrders } from './queries.ts';

const AMOUNT = /^\d+([.,]\d{1,2})?$/;

/** What is left to refund: the total less the credit notes already issued. */
export function refundLeft(order: OrderDetail): number {
  const refunded = order.invoices
    .filter((i) => i.kind === 'credit_note')
    .reduce((sum, i) => sum + Math.abs(i.total_cents), 0);
  return order.total_cents - refunded;
}

/**
 * "Abono y reembolso" (admins only; the server checks it too): the reason and,
 * for a partial refund, the amount (empty: all that is left). Nothing happens
 * until a confirmation states the amount, the payment it goes back to and what
 * becomes of the order; then the rectifying invoice, the refund through the
 * order's gateway and the note's PDF. The order closes ('Abonado') once fully
 * refunded (ADR 029). It sits at the end of the order's page.
 */
export function CreditNoteForm({ order }: { order: OrderDetail }) {
  const session = useAdminSession();
  const [asking, setAsking] = useState<{ reason: string; cents: number } | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({ defaultValues: { reason: '', amount: '' } });
  const issue = useMutation({
    mutationFn: issueCreditNote,
    onSuccess: () => {
      reset();
      return refreshOrders();
    },
    onSettled: () => setAsking(null),
  });
  const left = refundLeft(order);
  // A paid, invoiced order with something left to refund (the server's state machine decides for good).
  const creditable =
    order.paid && order.status !== 'closed' && order.invoices.some((i) => i.kind === 'invoice') && left > 0;
  if (session.operator.role !== 'admin') return null;
  const done = issue.isSuccess && (
    <output className={styles.notice}>
      Factura rectificativa {issue.data.credit_note.number} ({issue.data.credit_note.type}) emitida y
      reembolsados {euros(Math.abs(issue.data.credit_note.total_cents))}.
    </output>
  );
  if (!creditable) return done || null;

  const confirmOpen = handleSubmit(({ reason, amount }) => {
    const cents = amount.trim() ? eurosToCents(Number(amount.trim().replace(',', '.'))) : left;
    setAsking({ reason: reason.trim(), cents });
  });
  const payment = order.payment_method ?? 'el medio de pago del pedido';

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="credit-note">
      <h2 id="credit-note">Abono y reembolso</h2>
      <p>
        Emite una factura rectificativa y devuelve el importe al cliente. Pendiente de reembolsar:{' '}
        {euros(left)}.
      </p>
      <form onSubmit={confirmOpen} noValidate>
        <label className={styles.field}>
          Motivo de la rectificación
          <textarea
            rows={2}
            maxLength={500}
            {...register('reason', { required: true, validate: (v) => v.trim() !== '' })}
          />
        </label>
        {formState.errors.reason && <p className={styles.error}>Indique el motivo.</p>}
        <label className={styles.field}>
          Importe a reembolsar en euros (vacío: todo lo pendiente, {euros(left)})
          <input
            inputMode="decimal"
            {...register('amount', {
              validate: (v) => {
                const text = v.trim();
                if (!text) return true;
                if (!AMOUNT.test(text)) return 'Escriba un importe como 12,50.';
                const cents = eurosToCents(Number(text.replace(',', '.')));
                if (cents <= 0) return 'El importe debe ser mayor que cero.';
                return cents <= left || `No puede superar lo pendiente (${euros(left)}).`;
              },
            })}
          />
        </label>
        {formState.errors.amount && <p className={styles.error}>{formState.errors.amount.message}</p>}
        <Button type="submit" variant="secondary">
          Abonar y reembolsar…
        </Button>
      </form>
      {done}
      {issue.isError && (
        <p role="alert" className={styles.error}>
          {errorText(issue.error)}
        </p>
      )}
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={`¿Reembolsar ${euros(asking?.cents ?? 0)}?`}
        closeLabel="Cancelar"
        width={480}
      >
        {asking && (
          <>
            <p>
              Se emitirá una factura rectificativa de {euros(asking.cents)} del pedido {order.id} y se
              devolverán {euros(asking.cents)} al cliente por {payment}.
            </p>
            <p>
              {asking.cents >= left
                ? 'Es todo lo pendiente: el pedido quedará abonado y cerrado.'
                : `Quedarán ${euros(left - asking.cents)} sin reembolsar; el pedido sigue abierto.`}{' '}
              No se puede deshacer.
            </p>
            <p>Motivo: «{asking.reason}»</p>
            <div className={styles.actions}>
              <Button
                disabled={issue.isPending}
                onClick={() =>
                  issue.mutate({
                    orderId: order.id,
                    body:
                      asking.cents >= left
                        ? { reason: asking.reason }
                        : { reason: asking.reason, amount_cents: asking.cents },
                  })
                }
              >
                Sí, reembolsar {euros(asking.cents)}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(null)}>
                Cancelar
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
