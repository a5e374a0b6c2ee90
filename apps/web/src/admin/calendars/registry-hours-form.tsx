import { type RegistryHours, type RegistryHoursBody, RegistryHoursBodySchema } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { calendarsKey, saveRegistryHours } from './queries.ts';

type Values = {
  delivery_hours: string;
  urgent_delivery_hours: string;
  opens_at: string;
  closes_at: string;
  saturday_closes_at: string;
};

const toValues = (r: RegistryHours): Values => ({
  delivery_hours: String(r.delivery_hours),
  urgent_delivery_hours: r.urgent_delivery_hours === null ? '' : String(r.urgent_delivery_hours),
  opens_at: r.opens_at,
  closes_at: r.closes_at,
  saturday_closes_at: r.saturday_closes_at ?? '',
});

const toBody = (v: Values): unknown => ({
  delivery_hours: Number(v.delivery_hours),
  urgent_delivery_hours: v.urgent_delivery_hours.trim() === '' ? null : Number(v.urgent_delivery_hours),
  opens_at: v.opens_at,
  closes_at: v.closes_at,
  saturday_closes_at: v.saturday_closes_at.trim() === '' ? null : v.saturday_closes_at,
});

const MESSAGES: Record<string, string> = {
  invalid_time: 'Hora no válida (HH:MM)',
  closes_before_opening: 'Debe ser posterior a la apertura',
  invalid_value: 'Valor no válido (1 a 720 horas)',
  invalid_type: 'Valor no válido',
};

/** One registry's office and delivery hours, checked by the domain's schema before it is sent. */
export function RegistryHoursForm({ registry }: { registry: RegistryHours }) {
  const client = useQueryClient();
  const form = useForm<Values>({ defaultValues: toValues(registry) });
  const save = useMutation({
    mutationFn: (body: RegistryHoursBody) => saveRegistryHours(registry.id, body),
    onSuccess: (answer) => {
      form.reset(toValues(answer.registry));
      return client.invalidateQueries({ queryKey: calendarsKey });
    },
  });
  const { handleSubmit } = form;
  const submit = handleSubmit((values) => {
    const parsed = z.safeParse(RegistryHoursBodySchema, toBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'delivery_hours') as keyof Values;
        form.setError(name, { message: MESSAGES[issue.message] ?? 'Valor no válido' });
      }
      return;
    }
    save.mutate(parsed.data);
  });
  const id = (field: string) => `registry-${registry.id}-${field}`;
  const field = (name: keyof Values, label: string, type = 'text') => (
    <label className={styles.field} htmlFor={id(name)}>
      {label}
      <input
        id={id(name)}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        aria-invalid={form.formState.errors[name] ? true : undefined}
        aria-describedby={form.formState.errors[name] ? id(`${name}-error`) : undefined}
        {...form.register(name)}
      />
      {form.formState.errors[name] && (
        <span id={id(`${name}-error`)} className={styles.error}>
          {form.formState.errors[name]?.message}
        </span>
      )}
    </label>
  );
  return (
    <form
      className={`${styles.card} ${styles.filters}`}
      onSubmit={submit}
      aria-label={`Horario de ${registry.name}`}
    >
      <h3>
        {registry.name} · {registry.municipality} ({registry.country})
      </h3>
      {field('delivery_hours', 'Horas de entrega (estándar)')}
      {field('urgent_delivery_hours', 'Horas de entrega urgente (vacío: como la estándar)')}
      {field('opens_at', 'Abre (L-V)', 'time')}
      {field('closes_at', 'Cierra (L-V)', 'time')}
      {field('saturday_closes_at', 'Cierra el sábado (vacío: cerrado; nunca en agosto)', 'time')}
      <Button type="submit" disabled={save.isPending}>
        Guardar horario
      </Button>
      {save.isError && (
        <p role="alert" className={styles.error}>
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && !form.formState.isDirty && <p role="status">Horario guardado.</p>}
    </form>
  );
}
