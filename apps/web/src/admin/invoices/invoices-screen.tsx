import {
  type InvoiceRegisterAnswer,
  InvoiceRegisterAnswerSchema,
  type InvoiceRegisterRow,
  VerifactuResendAnswerSchema,
} from '@shop/domain';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ADMIN_API, ApiError, adminCall } from '../api.ts';
import { useAdminSession } from '../session.ts';
import { InvoiceRegisterView } from './invoice-register-view.tsx';

const FILTERS = ['series', 'from', 'to'] as const;

/**
 * "Facturas": the invoice register (issue 18 item 8) with its filters in the
 * URL's query string (a reload or a shared link keeps them), the CSV download
 * of the same filters and, for admins, re-sending a corrected record the AEAT
 * rejected. Loaded like the other back-office screens (adminCall in an effect:
 * the back office mounts no QueryClient yet).
 */
export default function InvoicesScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useAdminSession();
  const [answer, setAnswer] = useState<InvoiceRegisterAnswer | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [reloads, setReloads] = useState(0);
  const params = useMemo(() => {
    const all = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const name of FILTERS) {
      const value = all.get(name);
      if (value) kept.set(name, value);
    }
    return kept;
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the list again after a re-send.
  useEffect(() => {
    let live = true;
    setError('');
    adminCall(InvoiceRegisterAnswerSchema, `/invoices?${params.toString()}`)
      .then((a) => live && setAnswer(a))
      .catch((err: unknown) => live && setError(err instanceof ApiError ? err.message : 'Error'));
    return () => {
      live = false;
    };
  }, [params, reloads]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, name === 'series' ? value.toUpperCase() : value);
    }
    navigate(`/invoices?${next.toString()}`);
  };

  const resend = useCallback(async (row: InvoiceRegisterRow) => {
    if (row.verifactu.record_id === null) return;
    if (!window.confirm(`¿Reenviar a la AEAT el registro corregido de ${row.number}?`)) return;
    setError('');
    try {
      const answer = await adminCall(
        VerifactuResendAnswerSchema,
        `/verifactu/records/${row.verifactu.record_id}/resend`,
        { method: 'POST' },
      );
      setNotice(`Registro de ${answer.record.num_serie} corregido y en cola de envío.`);
      setReloads((n) => n + 1);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Error');
    }
  }, []);

  const query = params.toString();
  return (
    <>
      <h1>Facturas</h1>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={apply} key={search}>
        <label className={styles.field}>
          Serie
          <input name="series" defaultValue={params.get('series') ?? ''} maxLength={12} />
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
        <a href={`${ADMIN_API}/invoices.csv${query ? `?${query}` : ''}`} download>
          Descargar CSV
        </a>
      </form>
      {notice && <output className={styles.badge}>{notice}</output>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {answer && (
        <InvoiceRegisterView
          answer={answer}
          onResend={session.operator.role === 'admin' ? (row) => void resend(row) : null}
        />
      )}
    </>
  );
}
