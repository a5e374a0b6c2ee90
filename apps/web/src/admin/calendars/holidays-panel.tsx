import { ES_REGIONS, type Holiday, type HolidayBody, HolidayBodySchema } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { addHoliday, calendarsKey, removeHoliday } from './queries.ts';

type Values = { date: string; country: 'ES' | 'PT'; region: string; municipality: string; name: string };
const EMPTY: Values = { date: '', country: 'ES', region: '', municipality: '', name: '' };

const MESSAGES: Record<string, string> = {
  invalid_date: 'Fecha no válida',
  required: 'Obligatorio',
  region_spain_only: 'Las comunidades solo existen en España',
  region_or_municipality: 'Una comunidad o un municipio, no los dos',
};

const scopeOf = (h: Holiday) =>
  h.municipality !== null
    ? `Local: ${h.municipality}`
    : h.region !== null
      ? `Comunidad ${h.region}`
      : 'Nacional';

/** The add form: a national, a community's or a municipality's holiday, checked by the domain's schema. */
function AddHoliday() {
  const client = useQueryClient();
  const form = useForm<Values>({ defaultValues: EMPTY });
  const add = useMutation({
    mutationFn: (body: HolidayBody) => addHoliday(body),
    onSuccess: () => {
      form.reset(EMPTY);
      return client.invalidateQueries({ queryKey: calendarsKey });
    },
  });
  const { handleSubmit } = form;
  const submit = handleSubmit((v) => {
    const parsed = z.safeParse(HolidayBodySchema, {
      date: v.date,
      country: v.country,
      region: v.region === '' ? null : v.region,
      municipality: v.municipality.trim() === '' ? null : v.municipality.trim(),
      name: v.name,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'date') as keyof Values;
        form.setError(name, { message: MESSAGES[issue.message] ?? 'Valor no válido' });
      }
      return;
    }
    add.mutate(parsed.data);
  });
  const error = (name: keyof Values) =>
    form.formState.errors[name] && (
      <span id={`holiday-${name}-error`} className={styles.error}>
        {form.formState.errors[name]?.message}
      </span>
    );
  const described = (name: keyof Values) =>
    form.formState.errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `holiday-${name}-error` }
      : {};
  return (
    <form className={`${styles.card} ${styles.filters}`} onSubmit={submit} aria-labelledby="add-holiday">
      <h3 id="add-holiday">Añadir festivo</h3>
      <label className={styles.field}>
        Fecha
        <input type="date" {...described('date')} {...form.register('date')} />
        {error('date')}
      </label>
      <label className={styles.field}>
        País
        <select {...form.register('country')}>
          <option value="ES">España</option>
          <option value="PT">Portugal</option>
        </select>
      </label>
      <label className={styles.field}>
        Comunidad autónoma (España)
        <select {...described('region')} {...form.register('region')}>
          <option value="">Ninguna (nacional o local)</option>
          {ES_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {error('region')}
      </label>
      <label className={styles.field}>
        Municipio (código INE o concelho)
        <input {...described('municipality')} {...form.register('municipality')} />
        {error('municipality')}
      </label>
      <label className={styles.field}>
        Nombre
        <input {...described('name')} {...form.register('name')} />
        {error('name')}
      </label>
      <Button type="submit" disabled={add.isPending}>
        Añadir
      </Button>
      {add.isError && (
        <p role="alert" className={styles.error}>
          {errorText(add.error)}
        </p>
      )}
      {add.isSuccess && <p role="status">Festivo añadido.</p>}
    </form>
  );
}

/** The holidays of a year (national, communities', local), with removal and the add form. */
export function HolidaysPanel({ holidays }: { holidays: Holiday[] }) {
  const client = useQueryClient();
  const years = [...new Set(holidays.map((h) => h.date.slice(0, 4)))].sort();
  const [year, setYear] = useState(
    () => years.find((y) => y === String(new Date().getFullYear())) ?? years[0] ?? '',
  );
  const remove = useMutation({
    mutationFn: (id: number) => removeHoliday(id),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarsKey }),
  });
  const shown = holidays.filter((h) => h.date.startsWith(year));
  return (
    <section aria-labelledby="holidays-heading">
      <h2 id="holidays-heading">Festivos</h2>
      <AddHoliday />
      <label className={styles.field}>
        Año
        <select value={year} onChange={(e) => setYear(e.target.value)}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      {remove.isError && (
        <p role="alert" className={styles.error}>
          {errorText(remove.error)}
        </p>
      )}
      <div className={`${styles.card} ${styles.tableWrap}`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">País</th>
              <th scope="col">Ámbito</th>
              <th scope="col">Nombre</th>
              <th scope="col">Origen</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((h) => (
              <tr key={h.id}>
                <td>{h.date}</td>
                <td>{h.country}</td>
                <td>{scopeOf(h)}</td>
                <td>{h.name}</td>
                <td>{h.seeded ? 'Publicación oficial (semilla)' : 'Operador'}</td>
                <td>
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    aria-label={`Quitar ${h.date} ${h.name}`}
                    onClick={() => remove.mutate(h.id)}
                  >
                    Quitar
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
