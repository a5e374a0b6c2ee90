import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { euros } from '../format.ts';
import { catalogQuery } from './queries.ts';

/** The products whose definitions an admin can edit. */
export default function CatalogScreen() {
  const { data: products, error } = useQuery(catalogQuery);
  const [filter, setFilter] = useState('');

  const shown = (products ?? []).filter(
    (p) => !filter || String(p.id).includes(filter) || p.name.toLowerCase().includes(filter.toLowerCase()),
  );

  return (
    <>
      <h1>Catálogo</h1>
      {error && (
        <p role="alert" className={styles.error}>
          {errorText(error)}
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
