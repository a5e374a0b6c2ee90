import type { OrderDetail } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { ordersKey, waiveLateRefund } from './queries.ts';

const STATES = {
  queued: 'Reembolso de la tarifa del servicio en curso',
  done: 'Tarifa del servicio reembolsada, con factura rectificativa',
  failed: 'El reembolso de la tarifa del servicio falló',
  waived: 'Reembolso por retraso anulado',
} as const;

/**
 * The order's delivery promise and its late-delivery refund (ADR 034): the
 * promise, how the refund stands, and the waiver an operator may give, with a
 * reason (audited), until the refund has been made.
 */
export function LateRefundPanel({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const waive = useMutation({
    mutationFn: (reason: string) => waiveLateRefund(order.id, reason),
    onSuccess: () => {
      form.reset({ reason: '' });
      return client.invalidateQueries({ queryKey: ordersKey });
    },
  });
  if (!order.promised_at) return null;
  const late = order.late_refund ?? null;
  const waivable = late === null || late.state === 'queued';
  const { handleSubmit } = form;
  const submit = handleSubmit(({ reason }) => waive.mutate(reason.trim()));
  const reasonError = form.formState.errors.reason?.message;
  return (
    <section className={styles.card} aria-labelledby="promise-heading">
      <h2 id="promise-heading">Promesa de entrega</h2>
      <p>
        Prometido para el <time dateTime={order.promised_at}>{dateTime(order.promised_at)}</time>.
      </p>
      {late && (
        <p role="status">
          {STATES[late.state]}
          {late.amount_cents !== null ? ` (${euros(late.amount_cents)})` : ''}
          {late.reason ? `. Motivo: ${late.reason}` : ''}
        </p>
      )}
      {waivable && (
        <form onSubmit={submit} noValidate>
          <label className={styles.field}>
            Motivo para no reembolsar la tarifa si se entrega tarde
            <textarea
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'waive-reason-error' : undefined}
              {...form.register('reason', {
                validate: (v) => v.trim() !== '' || 'Indica el motivo',
              })}
            />
          </label>
          {reasonError && (
            <p id="waive-reason-error" className={styles.error}>
              {reasonError}
            </p>
          )}
          <Button type="submit" variant="secondary" disabled={waive.isPending}>
            Anular el reembolso por retraso
          </Button>
          {waive.isError && (
            <p role="alert" className={styles.error}>
              {errorText(waive.error)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
