import { type ProductDefinition, ProductDefinitionSchema, sameDefinition } from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, errorText } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { fromForm, type ProductForm, problemText, toForm } from './definition-form.ts';
import { OptionsFields, ProductFields } from './product-form.tsx';
import { productQuery, refreshCatalog, saveProduct } from './queries.ts';
import { WizardPreview } from './wizard-preview.tsx';

/** The raw JSON, as an advanced view: what would be published; pasted JSON can replace the form. */
function JsonView({
  definition,
  onApply,
}: {
  definition: ProductDefinition | null;
  onApply: (d: ProductDefinition) => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm({ defaultValues: { json: '' } });
  const submit = handleSubmit(({ json }) => {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (err) {
      setError('json', { message: `JSON: ${(err as Error).message}` });
      return;
    }
    const parsed = ProductDefinitionSchema.safeParse(value);
    if (!parsed.success) setError('json', { message: 'La definición no es válida.' });
    else onApply(parsed.data);
  });
  return (
    <details className={styles.card}>
      <summary>JSON (vista avanzada)</summary>
      <p>Lo que se publicará:</p>
      <pre className={styles.mailBody}>
        {definition ? JSON.stringify(definition, null, 2) : 'Corrige el formulario para verla.'}
      </pre>
      <form onSubmit={submit} noValidate>
        <label className={styles.field}>
          Pegar una definición (JSON)
          <textarea className={styles.code} spellCheck={false} {...register('json')} />
        </label>
        {formState.errors.json && (
          <p role="alert" className={styles.error}>
            {formState.errors.json.message}
          </p>
        )}
        <Button type="submit" variant="secondary">
          Cargar en el formulario
        </Button>
      </form>
    </details>
  );
}

/** The form of one loaded version: fields, live preview, publish only a checked change. */
function Editor({
  productId,
  version,
  base,
}: {
  productId: number;
  version: number;
  base: ProductDefinition;
}) {
  const form = useForm<ProductForm>({ defaultValues: toForm(base), mode: 'onChange' });
  const values = useWatch({ control: form.control }) as ProductForm;
  const { definition, problems } = useMemo(() => fromForm(values, base), [values, base]);
  const changed = definition !== null && !sameDefinition(definition, base);
  const [notice, setNotice] = useState('');
  const publish = useMutation({
    mutationFn: saveProduct,
    onSuccess: async (saved) => {
      setNotice(`Publicada la versión ${saved.version}.`);
      await refreshCatalog();
    },
  });
  const { handleSubmit } = form;
  const submit = handleSubmit(() => {
    if (definition && changed) publish.mutate({ productId, baseVersion: version, definition });
  });
  const serverErrors = publish.error instanceof ApiError ? (publish.error.body?.errors ?? []) : [];

  return (
    <>
      {notice && <output className={styles.badge}>{notice}</output>}
      <div className={styles.grid2}>
        <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="definition-title">
          <h2 id="definition-title">Definición</h2>
          <ProductFields control={form.control} register={form.register} />
          <OptionsFields control={form.control} register={form.register} />
          <div aria-live="polite">
            {problems.length > 0 ? (
              <ul className={styles.error}>
                {problems.slice(0, 20).map((p) => (
                  <li key={`${p.path}-${p.message}`}>{problemText(p)}</li>
                ))}
              </ul>
            ) : (
              <p>{changed ? 'La definición es válida.' : 'Sin cambios respecto a la versión publicada.'}</p>
            )}
          </div>
          {publish.isError && (
            <div role="alert" className={styles.error}>
              <p>{errorText(publish.error)}</p>
              {serverErrors.length > 0 && (
                <ul>
                  {serverErrors.map((e) => (
                    <li key={e.path}>
                      {problemText({ path: e.path.replace(/^definition\./, ''), message: e.message })}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <Button type="submit" disabled={!changed || publish.isPending}>
            Publicar nueva versión
          </Button>
        </form>
        <section className={styles.card} aria-labelledby="preview-title">
          <h2 id="preview-title">Vista previa</h2>
          {definition ? (
            <WizardPreview key={JSON.stringify(definition)} definition={definition} />
          ) : (
            <p>Corrige la definición para verla.</p>
          )}
        </section>
      </div>
      <JsonView definition={definition} onApply={(d) => form.reset(toForm(d), { keepDefaultValues: true })} />
    </>
  );
}

export default function ProductEditor({ productId }: { productId: number }) {
  const { data: answer, error } = useQuery(productQuery(productId));
  const base = useMemo(() => {
    const parsed = ProductDefinitionSchema.safeParse(answer?.product.definition);
    return parsed.success ? parsed.data : null;
  }, [answer]);

  if (!answer) return error ? <p role="alert">{errorText(error)}</p> : <p>Cargando…</p>;

  return (
    <>
      <p>
        <Link href="/catalog">← Catálogo</Link>
      </p>
      <h1>
        {answer.product.name}{' '}
        <small>
          (producto {answer.product.id}, versión {answer.product.version})
        </small>
      </h1>
      {base ? (
        // A new version loads a new form (its defaults are the published definition).
        <Editor
          key={answer.product.version}
          productId={productId}
          version={answer.product.version}
          base={base}
        />
      ) : (
        <p role="alert">La definición guardada no es válida.</p>
      )}
      <section className={styles.card}>
        <h2>Versiones</h2>
        <ul>
          {answer.versions.map((v) => (
            <li key={v.version}>
              v{v.version} · {v.name} · {euros(v.price_cents)} · {dateTime(v.created_at)}
              {v.operator ? ` · ${v.operator}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
