import {
  AuditAnswerSchema,
  type Operator,
  OperatorAnswerSchema,
  OperatorListAnswerSchema,
} from '@shop/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, adminCall } from '../api.ts';
import { dateTime } from '../format.ts';
import { useAdminSession } from '../session.ts';

type Entries = z.infer<typeof AuditAnswerSchema>['entries'];

const message = (err: unknown) =>
  err instanceof ApiError
    ? [err.message, ...(err.body?.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join(' ')
    : 'Error';

/** Operators (create, role, disable) and the audit log: admins only. */
export default function OperatorsScreen() {
  const session = useAdminSession();
  const [operators, setOperators] = useState<Operator[]>([]);
  const [entries, setEntries] = useState<Entries>([]);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    adminCall(OperatorListAnswerSchema, '/operators')
      .then((a) => setOperators(a.operators))
      .catch((err: unknown) => setError(message(err)));
    adminCall(AuditAnswerSchema, '/audit')
      .then((a) => setEntries(a.entries))
      .catch((err: unknown) => setError(message(err)));
  }, []);
  useEffect(load, [load]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError('');
    try {
      await adminCall(OperatorAnswerSchema, '/operators', {
        method: 'POST',
        body: {
          email: String(data.get('email') ?? ''),
          name: String(data.get('name') ?? ''),
          role: String(data.get('role') ?? 'agent'),
          password: String(data.get('password') ?? ''),
        },
      });
      form.reset();
      load();
    } catch (err) {
      setError(message(err));
    }
  };

  const update = async (id: number, patch: Record<string, unknown>) => {
    setError('');
    try {
      await adminCall(OperatorAnswerSchema, `/operators/${id}`, { method: 'PATCH', body: patch });
      load();
    } catch (err) {
      setError(message(err));
    }
  };

  return (
    <>
      <h1>Operadores</h1>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <section className={styles.card}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Correo</th>
              <th scope="col">Nombre</th>
              <th scope="col">Rol</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.id}>
                <td>{o.email}</td>
                <td>{o.name}</td>
                <td>
                  <select
                    aria-label={`Rol de ${o.email}`}
                    value={o.role}
                    disabled={o.id === session.operator.id}
                    onChange={(e) => void update(o.id, { role: e.target.value })}
                  >
                    <option value="agent">agente</option>
                    <option value="admin">administrador</option>
                  </select>
                </td>
                <td>
                  <Button
                    variant="secondary"
                    disabled={o.id === session.operator.id}
                    onClick={() => void update(o.id, { disabled: !o.disabled })}
                  >
                    {o.disabled ? 'Reactivar' : 'Desactivar'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={(e) => void create(e)}>
        <label className={styles.field}>
          Correo
          <input name="email" type="email" required />
        </label>
        <label className={styles.field}>
          Nombre
          <input name="name" required />
        </label>
        <label className={styles.field}>
          Rol
          <select name="role" defaultValue="agent">
            <option value="agent">agente</option>
            <option value="admin">administrador</option>
          </select>
        </label>
        <label className={styles.field}>
          Contraseña (12 caracteres o más)
          <input name="password" type="password" autoComplete="new-password" minLength={12} required />
        </label>
        <Button type="submit">Crear operador</Button>
      </form>
      <section className={styles.card}>
        <h2>Registro de auditoría</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Cuándo</th>
              <th scope="col">Quién</th>
              <th scope="col">Qué</th>
              <th scope="col">Sobre</th>
              <th scope="col">Antes / después</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{dateTime(e.at)}</td>
                <td>{e.actor}</td>
                <td>{e.action}</td>
                <td>
                  {e.entity} {e.entity_id}
                </td>
                <td>
                  <code>{JSON.stringify(e.data).slice(0, 300)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
