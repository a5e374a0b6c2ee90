import { ORDER_STATUSES } from '@shop/domain';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { statusName } from './status-names.ts';

export const FILTERS = ['store', 'product', 'status', 'from', 'to', 'paid', 'q', 'sort'] as const;
export type Filters = Record<(typeof FILTERS)[number], string>;

/** The filters as the URL holds them (absent = empty). */
export function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
}

/** The filter form (react-hook-form); a new URL (back, a link) starts it afresh (`key`). */
export function QueueFilters({
  params,
  onApply,
}: {
  params: URLSearchParams;
  onApply: (next: Filters) => void;
}) {
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
              {statusName(status)}
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
        Orden
        <select {...register('sort')}>
          <option value="">Tiempo restante hasta la promesa</option>
          <option value="age">Antigüedad (más antiguos primero)</option>
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
