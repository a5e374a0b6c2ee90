import { CatalogListAnswerSchema } from '@shop/domain';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type * as z from 'zod/mini';
import styles from '../admin.module.css';
import { ApiError, adminCall } from '../api.ts';
import { euros } from '../format.ts';

type Products = z.infer<typeof CatalogListAnswerSchema>['products'];

/** The products whose definitions an admin can edit. */
export default function CatalogScreen() {
  const [products, setProducts] = useState<Products | null>(null);
  const [error, setError] = useState('');
  const [filter, setFilter] = useState('');

  useEffect(() => {
    adminCall(CatalogListAnswerSchema, '/catalog')
      .then((answer) => setProducts(answer.products))
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Error'));
  }, []);

  const shown = (products ?? []).filter(
    (p) => !filter || String(p.id).includes(filter) || p.name.toLowerCase().includes(filter.toLowerCase()),
  );

  return (
    <>
      <h1>Catálogo</h1>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.card}>
        <label className={styles.field}>
          Buscar producto
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Nombre</th>
              <th scope="col">Tipo</th>
              <th scope="col">Versión</th>
              <th scope="col">Precio</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.id}>
                <td>
                  <Link href={`/catalog/${p.id}`}>{p.id}</Link>
                </td>
                <td>{p.name}</td>
                <td>{p.kind}</td>
                <td>{p.version}</td>
                <td>{euros(p.price_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
