import type { InvoiceRegisterRow } from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { useAdminSession } from '../session.ts';
import { InvoiceRegisterView } from './invoice-register-view.tsx';
import { invoiceRegisterQuery, invoicesCsvUrl, refreshInvoices, resendVerifactu } from './queries.ts';

const FILTERS = ['series', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The filter form (react-hook-form), started afresh from the URL (`key`). */
function InvoiceFilters({
  params,
  onApply,
}: {
  params: URLSearchParams;
  onApply: (values: Filters) => void;
}) {
  const { register, handleSubmit } = useForm<Filters>({
    defaultValues: Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters,
  });
  const query = params.toString();
  return (
    <form className={`${styles.card} ${styles.filters}`} onSubmit={handleSubmit(onApply)}>
      <label className={styles.field}>
        Serie
        <input maxLength={12} {...register('series')} />
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
      <a href={invoicesCsvUrl(query)} download>
        Descargar CSV
      </a>
    </form>
  );
}

/**
 * "Facturas": the invoice register (issue 18 item 8) with its filters in the
 * URL's query string (a reload or a shared link keeps them), the CSV download
 * of the same filters and, for admins, re-sending a corrected record the AEAT
 * rejected.
 */
export default function InvoicesScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useAdminSession();
  const params = useMemo(() => {
    const all = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const name of FILTERS) {
      const value = all.get(name);
      if (value) kept.set(name, value);
    }
    return kept;
  }, [search]);
  const invoices = useQuery(invoiceRegisterQuery(params.toString()));
  const resend = useMutation({ mutationFn: resendVerifactu, onSuccess: refreshInvoices });

  const apply = (values: Filters) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = values[name].trim();
      if (value) next.set(name, name === 'series' ? value.toUpperCase() : value);
    }
    navigate(`/invoices?${next.toString()}`);
  };

  const askResend = (row: InvoiceRegisterRow) => {
    if (row.verifactu.record_id === null) return;
    if (!window.confirm(`¿Reenviar a la AEAT el registro corregido de ${row.number}?`)) return;
    resend.mutate(row.verifactu.record_id);
  };
  const failed = invoices.error ?? resend.error;

  return (
    <>
      <h1>Facturas</h1>
      <InvoiceFilters key={search} params={params} onApply={apply} />
      {resend.isSuccess && (
        <output className={styles.notice}>
          Registro de {resend.data.record.num_serie} corregido y en cola de envío.
        </output>
      )}
      {failed && (
        <p role="alert" className={styles.error}>
          {errorText(failed)}
        </p>
      )}
      {invoices.data && (
        <InvoiceRegisterView
          answer={invoices.data}
          onResend={session.operator.role === 'admin' ? askResend : null}
        />
      )}
    </>
  );
}
