import {
  AdminProductAnswerSchema,
  type ProductDefinition,
  ProductDefinitionSchema,
  toFieldErrors,
} from '@shop/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { ApiError, adminCall } from '../api.ts';
import { dateTime, euros } from '../format.ts';
import { WizardPreview } from './wizard-preview.tsx';

type ProductAnswer = z.infer<typeof AdminProductAnswerSchema>;
const SavedSchema = z.object({ ok: z.literal(true), version: z.int() });

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
  const [answer, setAnswer] = useState<ProductAnswer | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(() => {
    adminCall(AdminProductAnswerSchema, `/catalog/${productId}`)
      .then((a) => {
        setAnswer(a);
        setText(JSON.stringify(a.product.definition, null, 2));
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Error'));
  }, [productId]);
  useEffect(load, [load]);

  const { definition, problems } = useMemo(() => check(text), [text]);

  const save = async () => {
    if (!answer || !definition) return;
    setError('');
    setNotice('');
    try {
      const saved = await adminCall(SavedSchema, `/catalog/${productId}`, {
        method: 'PUT',
        body: { base_version: answer.product.version, definition },
      });
      setNotice(`Publicada la versión ${saved.version}.`);
      load();
    } catch (err) {
      if (err instanceof ApiError) {
        setError([err.message, ...(err.body?.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join(' '));
      } else setError('Error');
    }
  };

  if (!answer) return error ? <p role="alert">{error}</p> : <p>Cargando…</p>;

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
      {notice && <output className={styles.badge}>{notice}</output>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2>Definición (JSON)</h2>
          <label className={styles.field}>
            Definición del producto
            <textarea
              className={styles.code}
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
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
          <Button disabled={!definition} onClick={() => void save()}>
            Publicar nueva versión
          </Button>
        </section>
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
