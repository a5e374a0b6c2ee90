import { formatEuros, type Language } from '@shop/domain';
import { useId } from 'react';
import styles from './checkout.module.css';

export interface SummaryLine {
  id: number | string;
  name: string;
  price: number;
}

/** The order's lines and total (cents), with its heading for screen readers' landmarks. */
export function OrderSummary({
  title,
  lines,
  total,
  totalLabel,
  language,
}: {
  title: string;
  lines: readonly SummaryLine[];
  total: number;
  totalLabel: string;
  language: Language;
}) {
  const id = useId();
  return (
    <section className={styles.summary} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={styles.items}>
        {lines.map((line) => (
          <li key={line.id}>
            <span>{line.name}</span>
            <span className={styles.amount}>{formatEuros(line.price, language)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>{totalLabel}</span>
        <span className={styles.amount}>{formatEuros(total, language)}</span>
      </p>
    </section>
  );
}
