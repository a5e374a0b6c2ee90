import { formatEuros, PRODUCT_IDS, priceWithDefaults, SEARCH_LOCATED_PRODUCT } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useProductDefinition } from '../../../shared/product-options/get-product-definition.ts';
import type { PropertyCount } from '../../../shared/wizard/flow-forms.ts';
import { maximumPrice, type QpProducts } from '../utils/qp-steps.ts';
import styles from './q-propiedades.module.css';

/**
 * The search's prices from the server's definitions (GET product?id=18357 and the
 * located-property product of the subject, 18324 or 18347); undefined until both loaded.
 */
export function useQpProducts(subject: 'person' | 'company'): QpProducts | undefined {
  const search = useProductDefinition(PRODUCT_IDS.propertiesSearch);
  const located = useProductDefinition(SEARCH_LOCATED_PRODUCT[subject]);
  return search && located ? { search, located } : undefined;
}

/** '12 € + 20,76 € por propiedad localizada', and the maximum for the chosen count, live. */
export function QpPrice({ count, subject }: { count: PropertyCount | ''; subject: 'person' | 'company' }) {
  const t = useT();
  const { language } = useConfig();
  const products = useQpProducts(subject);
  if (!products) return null;
  const base = formatEuros(priceWithDefaults(products.search), language);
  const max = maximumPrice(products, count);
  return (
    <div aria-live="polite">
      <p className={styles.price}>
        {t('qp.price.line', { base, each: formatEuros(priceWithDefaults(products.located), language) })}
      </p>
      {max !== null ? (
        <p className={styles.max}>
          {t('qp.price.max', { price: formatEuros(max, language), count: Number(count) })}
        </p>
      ) : count === 'all' ? (
        <p className={styles.max}>{t('qp.price.all', { base })}</p>
      ) : null}
    </div>
  );
}
