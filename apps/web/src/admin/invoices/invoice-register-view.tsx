import { type InvoiceRegisterAnswer, type InvoiceRegisterRow, VERIFACTU_STATE_LABELS } from '@shop/domain';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ADMIN_API } from '../api.ts';
import { euros } from '../format.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, InvoiceRegisterRow>();

/** The AEAT's answer for one document: its state, the error it gave and the CSV of the submission. */
function VerifactuCell({ row }: { row: InvoiceRegisterRow }) {
  const { state, error_code, error_text, csv } = row.verifactu;
  return (
    <>
      {VERIFACTU_STATE_LABELS[state]}
      {(error_code || error_text) && (
        <>
          <br />
          <small>{[error_code, error_text].filter(Boolean).join(': ')}</small>
        </>
      )}
      {csv && (
        <>
          <br />
          <small>CSV {csv}</small>
        </>
      )}
    </>
  );
}

function columnsFor(onResend: ((row: InvoiceRegisterRow) => void) | null) {
  return column.columns([
    column.accessor('number', {
      header: 'Número',
      cell: (info) =>
        info.row.original.file_id === null ? (
          info.getValue()
        ) : (
          <a href={`${ADMIN_API}/files/${info.row.original.file_id}`}>{info.getValue()}</a>
        ),
    }),
    column.accessor('date', { header: 'Fecha' }),
    column.accessor('type', { header: 'Tipo' }),
    column.accessor('rectifies', {
      header: 'Rectifica',
      cell: (info) => {
        const rectifies = info.getValue();
        return rectifies ? `${rectifies} (${info.row.original.reason ?? ''})` : '';
      },
    }),
    column.accessor('customer_name', {
      header: 'Cliente',
      cell: (info) => [info.getValue(), info.row.original.customer_tax_id].filter(Boolean).join(', '),
    }),
    column.accessor('base_cents', { header: 'Base imponible', cell: (info) => euros(info.getValue()) }),
    column.accessor('vat_cents', { header: 'IVA', cell: (info) => euros(info.getValue()) }),
    column.accessor('fees_cents', { header: 'Suplidos', cell: (info) => euros(info.getValue()) }),
    column.accessor('total_cents', { header: 'Total', cell: (info) => euros(info.getValue()) }),
    column.accessor('verifactu', {
      header: 'VERI*FACTU',
      cell: (info) => (
        <>
          <VerifactuCell row={info.row.original} />
          {onResend && info.getValue().state === 'rejected' && info.getValue().record_id !== null && (
            <>
              <br />
              <Button
                variant="secondary"
                onClick={() => onResend(info.row.original)}
                aria-label={`Reenviar corregido ${info.row.original.number}`}
              >
                Reenviar corregido
              </Button>
            </>
          )}
        </>
      ),
    }),
  ]);
}

/**
 * The register's table (TanStack Table, like the order queue: ADR 012): one
 * row per invoice or rectifying invoice, then the totals per series and of the
 * period in the table's footer. `onResend` (admins only) offers "Reenviar
 * corregido" on a record the AEAT rejected.
 */
export function InvoiceRegisterView({
  answer,
  onResend,
}: {
  answer: InvoiceRegisterAnswer;
  onResend: ((row: InvoiceRegisterRow) => void) | null;
}) {
  const table = useTable({ features, columns: columnsFor(onResend), data: answer.invoices });
  const sums = [...answer.totals, answer.total];
  return (
    <section
      className={`${styles.card} ${styles.tableWrap}`}
      aria-label="Libro registro (desplazable)"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption>Libro registro de facturas expedidas</caption>
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
            <tr key={row.id} data-number={row.original.number}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {sums.map((sum) => (
            <tr key={sum.series || 'period'}>
              <th scope="row" colSpan={5}>
                {sum.series ? `Total serie ${sum.series}` : 'Total del periodo'} ({sum.count} documentos)
              </th>
              <td>{euros(sum.base_cents)}</td>
              <td>{euros(sum.vat_cents)}</td>
              <td>{euros(sum.fees_cents)}</td>
              <td>{euros(sum.total_cents)}</td>
              <td />
            </tr>
          ))}
        </tfoot>
      </table>
      {answer.invoices.length === 0 && <p>No hay facturas con estos filtros.</p>}
    </section>
  );
}
