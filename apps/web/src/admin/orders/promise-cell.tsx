import type { OrderQueueRow } from '@shop/domain';
import styles from '../admin.module.css';
import { dateTime, waited } from '../format.ts';

const DUE_TEXT = { overdue: 'Vencido', within_hour: 'Vence en < 1 h', later: null } as const;

/**
 * The queue's promise column (ADR 034): the promised time and the time left
 * (or past it), an "Urgente" badge, and the due state in words (not by colour
 * alone): overdue, or due within the hour.
 */
export function PromiseCell({ row }: { row: OrderQueueRow }) {
  const at = row.promised_at ?? null;
  const due = row.promise_due ?? null;
  const left = at === null ? 0 : Math.round((Date.parse(at) - Date.now()) / 1000);
  const dueText = due ? DUE_TEXT[due] : null;
  return (
    <span className={styles.promise}>
      {row.urgent && <span className={`${styles.badge} ${styles.urgent}`}>Urgente</span>}{' '}
      {at === null ? (
        <span>Sin promesa</span>
      ) : (
        <>
          <time dateTime={at}>{dateTime(at)}</time>{' '}
          <span>{left >= 0 ? `(quedan ${waited(left)})` : `(hace ${waited(-left)})`}</span>
        </>
      )}{' '}
      {dueText && (
        <span className={`${styles.badge} ${due === 'overdue' ? styles.overdue : styles.dueSoon}`}>
          {dueText}
        </span>
      )}
    </span>
  );
}

/** A row's class for its due state (a coloured edge; the words are in the cell). */
export function dueRowClass(row: OrderQueueRow): string | undefined {
  if (row.promise_due === 'overdue') return styles.rowOverdue;
  if (row.promise_due === 'within_hour') return styles.rowDueSoon;
  return undefined;
}
