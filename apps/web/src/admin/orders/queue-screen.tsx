import { ORDER_STATUSES, type OrderQueueRow } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime, euros, waited } from '../format.ts';
import { queueQuery } from './queries.ts';
import { STATUS_NAMES } from './status-names.ts';

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
    cell: (info) => STATUS_NAMES[info.getValue()] ?? info.getValue(),
  }),
  column.accessor('paid', { header: 'Pagado', cell: (info) => (info.getValue() ? 'Sí' : 'No') }),
  column.accessor('total_cents', { header: 'Total', cell: (info) => euros(info.getValue()) }),
  column.accessor('created_at', { header: 'Fecha', cell: (info) => dateTime(info.getValue()) }),
]);

const FILTERS = ['store', 'product', 'status', 'from', 'to', 'paid', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The filters as the URL holds them (absent = empty). */
function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
}

/** The filter form (react-hook-form); a new URL (back, a link) starts it afresh (`key`). */
function QueueFilters({ params, onApply }: { params: URLSearchParams; onApply: (next: Filters) => void }) {
  const { register, handleSubmit } = useForm<Filters>({ defaultValues: filtersOf(params) });
  return (
    <form className={`${styles.card} ${styles.filters}`} onSubmit={handleSubmit(onApply)}>
      <label className={styles.field}>
        Buscar (pedido, correo, titular, DNI)
        <input type="search" {...register('q')} />
      </label>
      <label className={styles.field}>
        Tienda
        <input inputMode="numeric" {...register('store')} />
      </label>
      <label className={styles.field}>
        Producto (id)
        <input inputMode="numeric" {...register('product')} />
      </label>
      <label className={styles.field}>
        Estado
        <select {...register('status')}>
          <option value="">En curso (pagados sin terminar)</option>
          <option value="all">Todos</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES[status] ?? status}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Pago
        <select {...register('paid')}>
          <option value="">Todos</option>
          <option value="paid">Pagados</option>
          <option value="unpaid">Sin pagar</option>
        </select>
      </label>
      <label className={styles.field}>
        Desde
        <input type="date" {...register('from')} />
      </label>
      <label className={styles.field}>
        Hasta
        <input type="date" {...register('to')} />
      </label>
      <Button type="submit">Filtrar</Button>
    </form>
  );
}

/**
 * The order queue: filters and search in the URL's query string (a reload or a
 * shared link keeps them), the server sorts by time waiting (oldest first) and
 * pages by 50. TanStack Table renders the rows (ADR 012).
 */
export default function QueueScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const queue = useQuery(queueQuery(search));
  const answer = queue.data;

  const table = useTable({ features, columns, data: answer?.rows ?? [] });

  const apply = (values: Filters) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = values[name].trim();
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
      <QueueFilters key={search} params={params} onApply={apply} />
      {queue.isError && (
        <p role="alert" className={styles.error}>
          {errorText(queue.error)}
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
