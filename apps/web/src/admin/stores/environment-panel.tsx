import type { AdminStoreDetail } from '@shop/domain';
import styles from '../admin.module.css';
import { METHOD_NAMES } from './settings-form.ts';

/** What the environment decides for a store: shown, not editable here (docs/operations.md). */
export function EnvironmentPanel({ store }: { store: AdminStoreDetail }) {
  return (
    <section className={styles.card} aria-labelledby="environment-heading">
      <h2 id="environment-heading">Configurado en el servidor</h2>
      <p>
        Estos datos vienen del entorno del servidor (variables PAYMENT_GATEWAYS, credenciales de cada
        pasarela, INVOICE_ISSUER_*) y se cambian allí; las credenciales no se muestran nunca.
      </p>
      <dl className={styles.dl}>
        <dt>Lo que ofrece la tienda ahora</dt>
        <dd>
          {store.offered.length === 0
            ? 'Ningún método: ninguna pasarela acepta los que lista.'
            : store.offered.map((o) => `${METHOD_NAMES[o.method]} → ${o.gateway}`).join(', ')}
        </dd>
        <dt>Pasarelas configuradas</dt>
        <dd>
          {store.gateways.length === 0
            ? 'Ninguna'
            : store.gateways.map((g) => `${g.name} (${g.methods.join(', ')})`).join('; ')}
          {store.sandbox ? ' · pruebas (sandbox) activas' : ''}
        </dd>
        <dt>Emisor de las facturas</dt>
        <dd>
          {store.issuer.name}, {store.issuer.tax_id}
          {store.issuer.address ? `, ${store.issuer.address}` : ''} (
          {store.issuer.source === 'store' ? 'propio de la tienda' : 'del entorno: INVOICE_ISSUER_*'})
        </dd>
        <dt>Script de conversión</dt>
        <dd>{store.conversion_script ? 'Configurado' : 'No configurado'}</dd>
      </dl>
    </section>
  );
}
