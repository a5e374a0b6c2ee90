import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime } from '../format.ts';
import { actionWords, actorWords } from '../orders/history-words.ts';
import { changesOf, shown } from './audit-diff.ts';
import { auditQuery } from './queries.ts';

/** What an entry is about, in words (the actions' words live in history-words.ts). */
const ENTITIES: Readonly<Record<string, string>> = {
  order: 'Pedido',
  product: 'Producto',
  operator: 'Operador',
  mail: 'Correo',
  store: 'Tienda',
  registry: 'Registro',
  calendar_holiday: 'Festivo',
};

type Entry = { id: number; entity: string; entity_id: string; data: Record<string, unknown> };

function Subject({ entry }: { entry: Entry }) {
  const label = `${ENTITIES[entry.entity] ?? entry.entity} ${entry.entity_id}`;
  if (entry.entity === 'order') return <Link href={`/orders/${entry.entity_id}`}>{label}</Link>;
  if (entry.entity === 'product') return <Link href={`/catalog/${entry.entity_id}`}>{label}</Link>;
  if (entry.entity === 'mail') return <Link href={`/mail?id=${entry.entity_id}`}>{label}</Link>;
  if (entry.entity === 'store') return <Link href={`/stores/${entry.entity_id}`}>{label}</Link>;
  return <>{label}</>;
}

/** The change of an entry: before / after as a diff (jsondiffpatch), other details as a list. */
function Change({ entry }: { entry: Entry }) {
  const { before, after, ...details } = entry.data;
  const changes = before !== undefined || after !== undefined ? changesOf(before ?? {}, after ?? {}) : [];
  const rest = Object.entries(details);
  if (changes.length === 0 && rest.length === 0) return <>—</>;
  return (
    <details>
      <summary>{changes.length > 0 ? `${changes.length} cambios` : 'Detalles'}</summary>
      {changes.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Cambio</th>
              <th scope="col">Antes</th>
              <th scope="col">Después</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={`${c.kind}-${c.path}`}>
                <td>{c.path}</td>
                <td>{c.kind}</td>
                <td className={styles.diffBefore}>{shown(c.before)}</td>
                <td className={styles.diffAfter}>{shown(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rest.length > 0 && (
        <dl className={styles.dl}>
          {rest.map(([key, value]) => (
            <div key={key} className={styles.contents}>
              <dt>{key}</dt>
              <dd>{shown(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

/** The audit log, readable: who, when, what in words, on what, and the change as a diff; filters in the URL. */
export default function AuditScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const { data, error } = useQuery(auditQuery(search));
  const { register, handleSubmit } = useForm({
    defaultValues: {
      entity: params.get('entity') ?? '',
      entity_id: params.get('entity_id') ?? '',
      actor: params.get('actor') ?? '',
    },
  });
  const submit = handleSubmit((values) => {
    const next = new URLSearchParams(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    navigate(`/audit${next.size ? `?${next}` : ''}`);
  });

  return (
    <>
      <h1>Auditoría</h1>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={submit} noValidate>
        <label className={styles.field}>
          Sobre
          <select {...register('entity')}>
            <option value="">Todo</option>
            {Object.entries(ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Identificador
          <input {...register('entity_id')} />
        </label>
        <label className={styles.field}>
          Quién (correo)
          <input type="email" {...register('actor')} />
        </label>
        <Button type="submit">Filtrar</Button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {errorText(error)}
        </p>
      )}
      <div className={styles.card}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Cuándo</th>
              <th scope="col">Quién</th>
              <th scope="col">Qué</th>
              <th scope="col">Sobre</th>
              <th scope="col">Cambio</th>
            </tr>
          </thead>
          <tbody>
            {data?.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{dateTime(entry.at)}</td>
                <td>{actorWords(entry.actor)}</td>
                <td>{actionWords(entry.action)}</td>
                <td>
                  <Subject entry={entry} />
                </td>
                <td>
                  <Change entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.entries.length === 0 && <p>No hay entradas.</p>}
      </div>
    </>
  );
}
