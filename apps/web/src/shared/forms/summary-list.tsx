import type { ReactNode } from 'react';
import styles from './step-layout.module.css';

export interface SummaryRow {
  /** Unique within the list. */
  label: string;
  value: string;
}

/**
 * A wizard's answers as a description list: each label, its answer, and beside
 * them the row's action (an edit link or a change button to the step that asks it).
 */
export function SummaryList<R extends SummaryRow>({
  rows,
  action,
}: {
  rows: readonly R[];
  action: (row: R) => ReactNode;
}) {
  return (
    <dl className={styles.summary}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
          {/* In a dd of its own: a description list's groups hold only dt and dd (axe definition-list). */}
          <dd className={styles.action}>{action(row)}</dd>
        </div>
      ))}
    </dl>
  );
}
