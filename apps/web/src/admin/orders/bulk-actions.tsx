import { BULK_TARGETS, type BulkTransitionAnswer } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { bulkTransition, refreshOrders } from './queries.ts';
import { PANEL_MOVES, statusName } from './status-names.ts';

type Target = (typeof BULK_TARGETS)[number];

const REFUSALS: Readonly<Record<string, string>> = {
  not_found: 'no existe',
  refused: 'su estado actual no lo permite',
  no_document: 'falta el documento resultado de algún artículo',
};

function ResultLine({ result }: { result: BulkTransitionAnswer['results'][number] }) {
  const status = result.status ? statusName(result.status) : '';
  return (
    <li data-result={result.ok ? 'ok' : 'refused'}>
      {result.id}:{' '}
      {result.ok
        ? `cambiado a ${status}`
        : `sin cambios (${REFUSALS[result.reason ?? 'refused']}${status ? `; sigue en ${status}` : ''})`}
    </li>
  );
}

/**
 * A status change on the queue's selection: each order moved on the server
 * through the one status function (checked and audited order by order), and
 * the result of each shown, moved or not and why.
 */
export function BulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { register, handleSubmit } = useForm<{ to: Target }>({ defaultValues: { to: 'in_progress' } });
  const bulk = useMutation({
    mutationFn: bulkTransition,
    onSuccess: () => {
      onDone();
      return refreshOrders();
    },
  });
  const moved = bulk.data?.results.filter((r) => r.ok).length ?? 0;

  return (
    <div>
      <form
        className={styles.actions}
        aria-label="Cambio de estado en bloque"
        onSubmit={handleSubmit(({ to }) => bulk.mutate({ ids: selected, to }))}
      >
        <label className={styles.field}>
          Cambiar el estado de los seleccionados ({selected.length}) a
          <select {...register('to')}>
            {PANEL_MOVES.filter((m) => (BULK_TARGETS as readonly string[]).includes(m.to)).map((m) => (
              <option key={m.to} value={m.to}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" disabled={selected.length === 0 || bulk.isPending}>
          Aplicar a {selected.length} {selected.length === 1 ? 'pedido' : 'pedidos'}
        </Button>
      </form>
      {bulk.isError && (
        <p role="alert" className={styles.error}>
          {errorText(bulk.error)}
        </p>
      )}
      {bulk.data && (
        <div role="status" className={styles.notice}>
          {moved} de {bulk.data.results.length} cambiados.
          <ul aria-label="Resultado por pedido">
            {bulk.data.results.map((result) => (
              <ResultLine key={result.id} result={result} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
