import {
  type AdminProductAnswerSchema,
  type ProductDefinition,
  ProductDefinitionSchema,
  toFieldErrors,
} from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import type * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, errorText } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { productQuery, refreshCatalog, saveProduct } from './queries.ts';
import { WizardPreview } from './wizard-preview.tsx';

type ProductAnswer = z.infer<typeof AdminProductAnswerSchema>;

/** The definition as JSON, checked by the domain's schema as it is typed, with a live wizard preview. */
function check(text: string): { definition: ProductDefinition | null; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { definition: null, problems: [`JSON: ${(err as Error).message}`] };
  }
  const parsed = ProductDefinitionSchema.safeParse(json);
  if (!parsed.success) {
    return {
      definition: null,
      problems: toFieldErrors(parsed.error.issues).map((e) => `${e.path || '(raíz)'}: ${e.message}`),
    };
  }
  return { definition: parsed.data, problems: [] };
}

export default function ProductEditor({ productId }: { productId: number }) {
  const product = useQuery(productQuery(productId));
  if (!product.data)
    return product.isError ? <p role="alert">{errorText(product.error)}</p> : <p>Cargando…</p>;
  // A new version read from the server starts the form afresh.
  return <Editor key={product.data.product.version} answer={product.data} />;
}

function Editor({ answer }: { answer: ProductAnswer }) {
  const productId = answer.product.id;
  const { register, control, handleSubmit } = useForm({
    defaultValues: { text: JSON.stringify(answer.product.definition, null, 2) },
  });
  const text = useWatch({ control, name: 'text' });
  const { definition, problems } = useMemo(() => check(text), [text]);
  const save = useMutation({
    mutationFn: saveProduct,
    onSuccess: refreshCatalog,
  });
  const error = save.error
    ? save.error instanceof ApiError
      ? [save.error.message, ...(save.error.body?.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join(
          ' ',
        )
      : errorText(save.error)
    : '';

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
      {save.isSuccess && <output className={styles.notice}>Publicada la versión {save.data.version}.</output>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.grid2}>
        <form
          className={styles.card}
          onSubmit={handleSubmit(() => {
            if (definition) save.mutate({ productId, baseVersion: answer.product.version, definition });
          })}
        >
          <h2>Definición (JSON)</h2>
          <label className={styles.field}>
            Definición del producto
            <textarea className={styles.code} spellCheck={false} {...register('text')} />
          </label>
          {problems.length > 0 ? (
            <ul className={styles.error} aria-live="polite">
              {problems.slice(0, 20).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            <p aria-live="polite">La definición es válida.</p>
          )}
          <Button type="submit" disabled={!definition || save.isPending}>
            Publicar nueva versión
          </Button>
        </form>
        <section className={styles.card}>
          <h2>Vista previa</h2>
          {definition ? (
            <WizardPreview key={text} definition={definition} />
          ) : (
            <p>Corrige la definición para verla.</p>
          )}
        </section>
      </div>
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
