import { formatEuros } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import type { PropertyCount } from '../../../shared/wizard/flow-forms.ts';
import { maximumPrice, QP_BASE_PRICE, QP_PER_PROPERTY } from '../utils/qp-steps.ts';
import styles from './q-propiedades.module.css';

/** '12 € + 20,76 € por propiedad localizada', and the maximum for the chosen count, live. */
export function QpPrice({ count }: { count: PropertyCount | '' }) {
  const t = useT();
  const { language } = useConfig();
  const max = maximumPrice(count);
  return (
    <div aria-live="polite">
      <p className={styles.price}>
        {t('qp.price.line', {
          base: formatEuros(QP_BASE_PRICE, language),
          each: formatEuros(QP_PER_PROPERTY, language),
        })}
      </p>
      {max !== null ? (
        <p className={styles.max}>
          {t('qp.price.max', { price: formatEuros(max, language), count: Number(count) })}
        </p>
      ) : count === 'all' ? (
        <p className={styles.max}>{t('qp.price.all', { base: formatEuros(QP_BASE_PRICE, language) })}</p>
      ) : null}
    </div>
  );
}
