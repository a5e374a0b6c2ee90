import type { AdminStoreDetail } from '@shop/domain';
import { type UseMutationResult, useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, errorText } from '../api.ts';
import { euros } from '../format.ts';
import { EnvironmentPanel } from './environment-panel.tsx';
import { refreshStores, saveStoreSettings, storeQuery } from './queries.ts';
import { formValues, METHOD_NAMES, type SettingsValues, settingsBody } from './settings-form.ts';

/** One store's settings: the database's part as a form, the environment's part read-only. */
export default function StoreSettingsScreen({ storeId }: { storeId: number }) {
  const store = useQuery(storeQuery(storeId));
  // Here, not in the form: the form is remade from the saved store, its outcome stays shown.
  const save = useMutation({ mutationFn: saveStoreSettings, onSuccess: refreshStores });
  return (
    <>
      <p>
        <Link href="/stores">← Tiendas</Link>
      </p>
      <h1>
        Tienda {storeId}
        {store.data ? `: ${store.data.portal_name}` : ''}
      </h1>
      {store.error && (
        <p role="alert" className={styles.error}>
          {errorText(store.error)}
        </p>
      )}
      {store.isPending && <p>Cargando…</p>}
      {store.data && <SettingsForm key={JSON.stringify(store.data)} store={store.data} save={save} />}
      {store.data && <EnvironmentPanel store={store.data} />}
    </>
  );
}

/** The server's refusals by field: `payment_methods.2` is the third method sent. */
function fieldErrors(error: unknown, sent: SettingsValues['payment_methods'] | undefined) {
  const byField = new Map<string, string>();
  if (!(error instanceof ApiError)) return byField;
  for (const e of error.body?.errors ?? []) {
    const index = /^payment_methods\.(\d+)$/.exec(e.path)?.[1];
    const method = index !== undefined ? sent?.[Number(index)] : undefined;
    byField.set(method ? `method:${method}` : e.path, e.message);
  }
  return byField;
}

type SaveMutation = UseMutationResult<
  Awaited<ReturnType<typeof saveStoreSettings>>,
  Error,
  Parameters<typeof saveStoreSettings>[0]
>;

function SettingsForm({ store, save }: { store: AdminStoreDetail; save: SaveMutation }) {
  const { register, handleSubmit, watch } = useForm<SettingsValues>({ defaultValues: formValues(store) });
  const sent = save.variables?.body.payment_methods;
  const errors = fieldErrors(save.error, sent);
  const ownChannel = watch('own_channel');
  const fieldError = (path: string) =>
    errors.get(path) ? (
      <span className={styles.error} id={`error-${path}`}>
        {errors.get(path)}
      </span>
    ) : null;

  return (
    <form
      className={styles.card}
      aria-label="Ajustes de la tienda"
      onSubmit={handleSubmit((values) => save.mutate({ storeId: store.id, body: settingsBody(values) }))}
    >
      {save.error && (
        <p role="alert" className={styles.error}>
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className={styles.notice}>
          Ajustes guardados: la tienda los usa ya.
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>Métodos de pago</legend>
        <p>Solo se puede activar un método que acepte una pasarela configurada en el servidor.</p>
        {store.methods.map((m) => (
          <div key={m.method}>
            <label className={styles.check}>
              <input
                type="checkbox"
                value={m.method}
                disabled={m.gateway === null && !m.listed}
                aria-describedby={errors.has(`method:${m.method}`) ? `error-method:${m.method}` : undefined}
                {...register('payment_methods')}
              />
              {METHOD_NAMES[m.method]} ({m.method}):{' '}
              {m.gateway === null
                ? 'sin pasarela configurada'
                : `pasarela ${m.gateway}${m.offered_as && m.offered_as !== m.method ? ` como ${m.offered_as}` : ''}`}
            </label>
            {fieldError(`method:${m.method}`)}
          </div>
        ))}
        <label className={styles.check}>
          <input type="checkbox" {...register('wallets')} />
          Apple Pay y Google Pay en el pago con tarjeta (payment_wallets)
        </label>
      </fieldset>
      <label className={styles.field}>
        Teléfono de atención
        <input required {...register('phone', { required: true })} />
        {fieldError('phone')}
      </label>
      <label className={styles.field}>
        Texto de entrega de la nota simple (nsCopy; vacío: el texto por defecto)
        <textarea rows={3} placeholder={store.ns_copy_default} {...register('ns_copy')} />
        {fieldError('ns_copy')}
      </label>
      <fieldset className={styles.fieldset}>
        <legend>Texto de intermediario: canal oficial</legend>
        <p>
          Por defecto: {store.official_channel_default.name} ({store.official_channel_default.url},{' '}
          {euros(store.official_channel_default.fee_cents)}).
        </p>
        <label className={styles.check}>
          <input type="checkbox" {...register('own_channel')} />
          Canal oficial propio de esta tienda
        </label>
        {ownChannel && (
          <div className={styles.row}>
            <label className={styles.field}>
              Nombre
              <input {...register('channel_name')} />
              {fieldError('official_channel.name')}
            </label>
            <label className={styles.field}>
              Dirección (https)
              <input type="url" {...register('channel_url')} />
              {fieldError('official_channel.url')}
            </label>
            <label className={styles.field}>
              Tasa oficial (€)
              <input inputMode="decimal" {...register('channel_fee')} />
              {fieldError('official_channel.fee_cents')}
            </label>
            <label className={styles.field}>
              Qué cubre la tasa (opcional)
              <input {...register('channel_note')} />
            </label>
          </div>
        )}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        Guardar ajustes
      </Button>
    </form>
  );
}
