import type { OrderQueueRow } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime, euros, waited } from '../format.ts';
import { BulkActions } from './bulk-actions.tsx';
import { dueRowClass, PromiseCell } from './promise-cell.tsx';
import { exportUrl, queueQuery } from './queries.ts';
import { FILTERS, type Filters, QueueFilters } from './queue-filters.tsx';
import { statusName } from './status-names.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OrderQueueRow>();

const columns = column.columns([
  column.accessor('promised_at', {
    header: 'Promesa',
    cell: (info) => <PromiseCell row={info.row.original} />,
  }),
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

/**
 * The order queue: filters and search in the URL's query string (a reload or a
 * shared link keeps them), the server sorts by the time left to each order's
 * promise (ADR 034; overdue first, urgent flagged) or by age, and pages by 50. TanStack Table renders the rows (ADR 012).
 */
export default function QueueScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const queue = useQuery(queueQuery(search));
  const answer = queue.data;

  const table = useTable({ features, columns, data: answer?.rows ?? [] });
  // The selection for a bulk change: order ids of the page shown (a new page or filter starts afresh).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectionOf, setSelectionOf] = useState(search);
  if (selectionOf !== search) {
    setSelectionOf(search);
    setSelected(new Set());
  }
  const rows = answer?.rows ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

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
      <div className={styles.bulkBar}>
        <BulkActions selected={[...selected]} onDone={() => setSelected(new Set())} />
        <a href={exportUrl(search)} download>
          Exportar CSV (todos los pedidos con estos filtros)
        </a>
      </div>
      {queue.isError && (
        <p role="alert" className={styles.error}>
          {errorText(queue.error)}
        </p>
      )}
      <section
        className={`${styles.card} ${styles.tableWrap}`}
        aria-label="Lista de pedidos (desplazable)"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className={styles.table}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Seleccionar todos los pedidos de la página"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </th>
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
              <tr key={row.id} data-order-id={row.original.id} className={dueRowClass(row.original)}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Seleccionar el pedido ${row.original.id}`}
                    checked={selected.has(row.original.id)}
                    onChange={() => toggle(row.original.id)}
                  />
                </td>
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
      </section>
    </>
  );
}
