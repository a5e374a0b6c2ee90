import {
  ORDER_STATUSES,
  type OrderQueueAnswer,
  OrderQueueAnswerSchema,
  type OrderQueueRow,
} from '@shop/domain';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { AdminApiError, adminCall, dateTime, euros, waited } from '../api.ts';
import { statusName } from './status-names.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OrderQueueRow>();

const columns = column.columns([
  column.accessor('waiting_seconds', { header: 'Esperando', cell: (info) => waited(info.getValue()) }),
  column.accessor('id', {
    header: 'Pedido',
    cell: (info) => <Link href={`/orders/${info.getValue()}`}>{info.getValue()}</Link>,
  }),
  column.accessor('store_id', { header: 'Tienda' }),
  column.accessor('products', { header: 'Productos', cell: (info) => info.getValue().join(', ') }),
  column.accessor('holder', { header: 'Titular' }),
  column.accessor('email', { header: 'Correo' }),
  column.accessor('status', {
    header: 'Estado',
    cell: (info) => statusName(info.getValue()),
  }),
  column.accessor('paid', { header: 'Pagado', cell: (info) => (info.getValue() ? 'Sí' : 'No') }),
  column.accessor('total_cents', { header: 'Total', cell: (info) => euros(info.getValue()) }),
  column.accessor('created_at', { header: 'Fecha', cell: (info) => dateTime(info.getValue()) }),
]);

const FILTERS = ['store', 'product', 'status', 'from', 'to', 'paid', 'q'] as const;

/**
 * The order queue: filters and search in the URL's query string (a reload or a
 * shared link keeps them), the server sorts by time waiting (oldest first) and
 * pages by 50. TanStack Table renders the rows (ADR 012).
 */
export default function QueueScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [answer, setAnswer] = useState<OrderQueueAnswer | null>(null);
  const [error, setError] = useState('');
  const params = useMemo(() => new URLSearchParams(search), [search]);

  useEffect(() => {
    let live = true;
    setError('');
    adminCall(OrderQueueAnswerSchema, `/orders?${params.toString()}`)
      .then((a) => live && setAnswer(a))
      .catch((err: unknown) => live && setError(err instanceof AdminApiError ? err.message : 'Error'));
    return () => {
      live = false;
    };
  }, [params]);

  const table = useTable({ features, columns, data: answer?.rows ?? [] });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    navigate(`/?${next.toString()}`);
  };
  const page = answer?.page ?? 1;
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    navigate(`/?${next.toString()}`);
  };

  return (
    <>
      <h1>Pedidos</h1>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={apply} key={search}>
        <label className={styles.field}>
          Buscar (pedido, correo, titular, DNI)
          <input name="q" type="search" defaultValue={params.get('q') ?? ''} />
        </label>
        <label className={styles.field}>
          Tienda
          <input name="store" inputMode="numeric" defaultValue={params.get('store') ?? ''} />
        </label>
        <label className={styles.field}>
          Producto (id)
          <input name="product" inputMode="numeric" defaultValue={params.get('product') ?? ''} />
        </label>
        <label className={styles.field}>
          Estado
          <select name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">En curso (pagados sin terminar)</option>
            <option value="all">Todos</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusName(status)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Pago
          <select name="paid" defaultValue={params.get('paid') ?? ''}>
            <option value="">Todos</option>
            <option value="paid">Pagados</option>
            <option value="unpaid">Sin pagar</option>
          </select>
        </label>
        <label className={styles.field}>
          Desde
          <input name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </label>
        <label className={styles.field}>
          Hasta
          <input name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </label>
        <Button type="submit">Filtrar</Button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={`${styles.card} ${styles.tableWrap}`}>
        <table className={styles.table}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-order-id={row.original.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {answer && answer.rows.length === 0 && <p>No hay pedidos con estos filtros.</p>}
        <div className={styles.actions}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Anterior
          </Button>
          <span>Página {page}</span>
          <Button variant="secondary" disabled={!answer?.more} onClick={() => goTo(page + 1)}>
            Siguiente
          </Button>
        </div>
      </div>
    </>
  );
}
