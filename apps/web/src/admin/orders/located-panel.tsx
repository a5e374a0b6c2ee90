import { type LocatedProperty, type LocatedSearch, MAX_LOCATED_PROPERTIES } from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, errorText } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { locatedQuery, recordLocated, refreshOrders } from './queries.ts';

/** The fields of one located property, as the located product's options (seed located.ts). */
const FIELDS: { name: keyof LocatedProperty; label: string; required: boolean }[] = [
  { name: 'titular', label: 'Titular', required: true },
  { name: 'municipio', label: 'Municipio', required: true },
  { name: 'registro', label: 'Registro de la Propiedad', required: true },
  { name: 'finca', label: 'Número de finca registral', required: true },
  { name: 'idufir', label: 'IDUFIR / CRU', required: false },
  { name: 'direccion', label: 'Dirección del inmueble', required: false },
];

const QUOTE_STATUS: Record<NonNullable<LocatedSearch['record']>['quote_status'], string> = {
  open: 'esperando el pago del cliente',
  ordered: 'pagado por el cliente',
  cancelled: 'cancelado por el cliente',
  none: 'sin propiedades: cliente avisado, nada más que cobrar',
};

function emptyProperty(holder: string): LocatedProperty {
  return { titular: holder, municipio: '', registro: '', finca: '', idufir: '', direccion: '' };
}

function Recorded({ record }: { record: NonNullable<LocatedSearch['record']> }) {
  return (
    <>
      <p>
        Registrado el {dateTime(record.created_at)}: {record.properties.length} propiedad(es)
        {record.quote_id !== null && ` · presupuesto ${record.quote_id}`} ·{' '}
        {QUOTE_STATUS[record.quote_status]}
      </p>
      {record.properties.length > 0 && (
        <ol>
          {record.properties.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the recorded list never changes
            <li key={i}>
              {[p.titular, p.municipio, p.registro, `finca ${p.finca}`, p.idufir, p.direccion]
                .filter(Boolean)
                .join(' · ')}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** The form of one search not yet answered: the properties found (one fieldset each), or none. */
function RecordForm({ orderId, search, holder }: { orderId: string; search: LocatedSearch; holder: string }) {
  const { register, control, handleSubmit } = useForm<{ properties: LocatedProperty[] }>({
    defaultValues: { properties: [emptyProperty(holder)] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  const record = useMutation({ mutationFn: recordLocated, onSuccess: refreshOrders });
  const send = (properties: LocatedProperty[]) =>
    record.mutate({ orderId, itemId: search.item_id, properties });
  const error = record.error
    ? [
        errorText(record.error),
        ...(record.error instanceof ApiError ? (record.error.body?.errors ?? []) : []).map(
          (e) => `${e.path}: ${e.message}`,
        ),
      ].join(' · ')
    : '';

  return (
    <form onSubmit={handleSubmit(({ properties }) => send(properties))}>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {fields.map((property, index) => (
        <fieldset key={property.id}>
          <legend>Propiedad {index + 1}</legend>
          {FIELDS.map((field) => (
            <label key={field.name} className={styles.field}>
              {field.label}
              {field.required ? '' : ' (opcional)'}
              <input
                required={field.required}
                maxLength={field.name === 'direccion' ? 300 : 200}
                {...register(`properties.${index}.${field.name}`, { required: field.required })}
              />
            </label>
          ))}
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={fields.length >= MAX_LOCATED_PROPERTIES}
          onClick={() => append(emptyProperty(holder))}
        >
          Añadir otra propiedad
        </Button>
        <Button variant="secondary" disabled={fields.length <= 1} onClick={() => remove(fields.length - 1)}>
          Quitar la última
        </Button>
        <Button type="submit" disabled={record.isPending}>
          Registrar y enviar al cliente ({euros(search.price_cents * fields.length)})
        </Button>
        <Button variant="secondary" disabled={record.isPending} onClick={() => send([])}>
          No se ha localizado ninguna propiedad
        </Button>
      </div>
    </form>
  );
}

/**
 * Located properties (issue 10 item 3), in the order's page: for each properties
 * search of the order, the operator records the properties found (each becomes a
 * child item of a new quote the customer is mailed) or that none was found.
 */
export function LocatedPanel({
  orderId,
  items,
}: {
  orderId: string;
  /** The order's items: the holder each search looked for prefills 'Titular'. */
  items: readonly { id: number; form: Record<string, unknown> }[];
}) {
  const holder = (itemId: number) => {
    const form = items.find((item) => item.id === itemId)?.form ?? {};
    const name = [form.nombre_persona, form.nombre_empresa, form.nombre].find(
      (v) => typeof v === 'string' && v,
    );
    return typeof name === 'string' ? name : '';
  };
  const located = useQuery(locatedQuery(orderId));
  const searches = located.data ?? [];
  const error = located.isError ? errorText(located.error) : '';

  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  return (
    <>
      {searches.map((search) => (
        <section className={styles.card} key={search.item_id} aria-labelledby={`located-${search.item_id}`}>
          <h2 id={`located-${search.item_id}`}>Propiedades localizadas (artículo {search.item_id})</h2>
          <p>
            Cada propiedad se ofrece al cliente como Nota Simple a {euros(search.price_cents)} (producto{' '}
            {search.located_product_id}).
          </p>
          {search.record ? (
            <Recorded record={search.record} />
          ) : (
            <RecordForm orderId={orderId} search={search} holder={holder(search.item_id)} />
          )}
        </section>
      ))}
    </>
  );
}
