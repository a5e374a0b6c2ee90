import type { OrderDetail } from '@shop/domain';
import styles from '../admin.module.css';

type Item = OrderDetail['items'][number];

/** A raw form entry worth showing (the wizard's step flags and empty answers are not). */
const shown = ([key, value]: [string, unknown]) =>
  value !== '' && value !== null && value !== undefined && value !== false && !/^step\d+$/.test(key);

/**
 * The customer's answers as the operator reads them: each option's title and
 * the chosen value's name, from the catalogue version the item was bought
 * with. The form as sent stays available, folded, for what the titles omit.
 */
export function ItemAnswers({ item }: { item: Item }) {
  const raw = Object.entries(item.form).filter(shown);
  return (
    <>
      {item.answers.length > 0 ? (
        <dl className={styles.dl}>
          {item.answers.map((answer) => (
            <div key={answer.option_id} style={{ display: 'contents' }}>
              <dt>{answer.title}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>Sin respuestas con título para esta versión del catálogo: vea el formulario tal como se envió.</p>
      )}
      {raw.length > 0 && (
        <details>
          <summary>Formulario tal como se envió</summary>
          <dl className={styles.dl}>
            {raw.map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </>
  );
}

/** The billing data with its labels. */
const BILLING_LABELS: Readonly<Record<string, string>> = {
  name: 'Nombre o razón social',
  tax_id: 'NIF / CIF',
  address: 'Dirección',
  postcode: 'Código postal',
  city: 'Localidad',
  province: 'Provincia',
  email: 'Correo de facturación',
  phone: 'Teléfono',
};

export function BillingData({ billing }: { billing: Record<string, string> }) {
  const entries = Object.entries(billing).filter(([, v]) => v !== '');
  if (entries.length === 0) return <p>Sin datos de facturación.</p>;
  return (
    <dl className={styles.dl}>
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{BILLING_LABELS[key] ?? key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
