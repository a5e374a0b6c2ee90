import type { OrderDetail } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { refreshOrders, transition } from './queries.ts';
import { PANEL_MOVES, statusName } from './status-names.ts';

/** The panel moves the state machine allows now, and the incident with its message for the customer. */
export function OrderMoves({ order }: { order: OrderDetail }) {
  const [incident, setIncident] = useState(false);
  const { register, handleSubmit, reset } = useForm({ defaultValues: { message: '' } });
  const move = useMutation({
    mutationFn: transition,
    onSuccess: () => {
      setIncident(false);
      reset();
      // The confirmation shows at once; the order is read again behind it.
      void refreshOrders();
    },
  });

  return (
    <section className={styles.card} aria-labelledby="moves">
      <h2 id="moves">Estado</h2>
      <div className={styles.actions}>
        {PANEL_MOVES.filter((m) => m.to !== 'incident').map((m) => (
          <Button
            key={m.to}
            variant="secondary"
            disabled={!order.allowed.includes(m.status) || move.isPending}
            onClick={() => move.mutate({ orderId: order.id, to: m.to })}
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
      {move.isSuccess && <output className={styles.notice}>Estado: {statusName(move.data.status)}</output>}
      {move.isError && (
        <p role="alert" className={styles.error}>
          {errorText(move.error)}
        </p>
      )}
      {incident && (
        <form
          onSubmit={handleSubmit(({ message }) =>
            move.mutate({ orderId: order.id, to: 'incident', message }),
          )}
        >
          <label className={styles.field}>
            Mensaje para el cliente (le pedirá el formulario de incidencia)
            <textarea required maxLength={2000} rows={3} {...register('message', { required: true })} />
          </label>
          <Button type="submit" disabled={move.isPending}>
            Abrir incidencia
          </Button>
        </form>
      )}
    </section>
  );
}
