import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError } from '../api.ts';
import { dateTime } from '../format.ts';
import { useAdminSession } from '../session.ts';
import {
  auditQuery,
  createOperator,
  type NewOperator,
  operatorsQuery,
  refreshOperators,
  updateOperator,
} from './queries.ts';

const message = (err: unknown) =>
  err instanceof ApiError
    ? [err.message, ...(err.body?.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join(' ')
    : 'Error';

/** Operators (create, role, disable) and the audit log: admins only. */
export default function OperatorsScreen() {
  const session = useAdminSession();
  const operators = useQuery(operatorsQuery).data ?? [];
  const audit = useQuery(auditQuery);
  const entries = audit.data ?? [];
  const { register, handleSubmit, reset } = useForm<NewOperator>({
    defaultValues: { email: '', name: '', role: 'agent', password: '' },
  });
  const create = useMutation({
    mutationFn: createOperator,
    onSuccess: () => {
      reset();
      return refreshOperators();
    },
  });
  const update = useMutation({ mutationFn: updateOperator, onSuccess: refreshOperators });
  const failed = create.error ?? update.error ?? audit.error;
  const error = failed ? message(failed) : '';

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
                    onChange={(e) => update.mutate({ id: o.id, patch: { role: e.target.value } })}
                  >
                    <option value="agent">agente</option>
                    <option value="admin">administrador</option>
                  </select>
                </td>
                <td>
                  <Button
                    variant="secondary"
                    disabled={o.id === session.operator.id}
                    onClick={() => update.mutate({ id: o.id, patch: { disabled: !o.disabled } })}
                  >
                    {o.disabled ? 'Reactivar' : 'Desactivar'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form
        className={`${styles.card} ${styles.filters}`}
        onSubmit={handleSubmit((values) => create.mutate(values))}
      >
        <label className={styles.field}>
          Correo
          <input type="email" required {...register('email', { required: true })} />
        </label>
        <label className={styles.field}>
          Nombre
          <input required {...register('name', { required: true })} />
        </label>
        <label className={styles.field}>
          Rol
          <select {...register('role')}>
            <option value="agent">agente</option>
            <option value="admin">administrador</option>
          </select>
        </label>
        <label className={styles.field}>
          Contraseña (12 caracteres o más)
          <input
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
            {...register('password', { required: true, minLength: 12 })}
          />
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
