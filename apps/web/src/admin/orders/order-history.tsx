import type { OrderDetail } from '@shop/domain';
import styles from '../admin.module.css';
import { dateTime } from '../format.ts';
import { actionWords, actorWords, moveWords } from './history-words.ts';

/** The order's history in words: when, who, what (and the status move and message when there is one). */
export function OrderHistory({ history }: { history: OrderDetail['history'] }) {
  return (
    <section className={styles.card} aria-labelledby="history">
      <h2 id="history">Historial</h2>
      {history.length === 0 ? (
        <p>Sin cambios registrados.</p>
      ) : (
        <ol className={styles.history}>
          {history.map((h) => {
            const move = moveWords(h.data);
            return (
              <li key={h.id} data-action={h.action}>
                <time dateTime={h.at}>{dateTime(h.at)}</time> · {actorWords(h.actor)} ·{' '}
                {actionWords(h.action)}
                {move && ` (${move})`}
                {h.data.bulk === true && ' · en bloque'}
                {typeof h.data.message === 'string' && `: «${h.data.message}»`}
                {typeof h.data.reason === 'string' && ` (motivo: «${h.data.reason}»)`}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
