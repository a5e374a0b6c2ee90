import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { storesQuery } from './queries.ts';
import { METHOD_NAMES } from './settings-form.ts';

/** Every store and the methods it lists: each opens its settings (admins only). */
export default function StoresScreen() {
  const stores = useQuery(storesQuery);
  return (
    <>
      <h1>Tiendas</h1>
      {stores.error && (
        <p role="alert" className={styles.error}>
          {errorText(stores.error)}
        </p>
      )}
      {stores.isPending && <p>Cargando…</p>}
      <div className={`${styles.card} ${styles.tableWrap}`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Tienda</th>
              <th scope="col">Nombre</th>
              <th scope="col">Idioma</th>
              <th scope="col">Métodos de pago</th>
            </tr>
          </thead>
          <tbody>
            {(stores.data ?? []).map((store) => (
              <tr key={store.id}>
                <td>
                  <Link href={`/stores/${store.id}`}>Tienda {store.id}</Link>
                </td>
                <td>{store.portal_name}</td>
                <td>{store.language}</td>
                <td>
                  {store.payment_methods
                    .map((m) => METHOD_NAMES[m as keyof typeof METHOD_NAMES] ?? m)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
