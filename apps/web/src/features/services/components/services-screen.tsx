import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { visibleAutoProducts } from '../utils/visible-products.ts';
import styles from './services-screen.module.css';

/** The first screen: "which service do you want?" and the store's products. */
export function ServicesScreen() {
  const config = useConfig();
  const t = useT();
  usePageTitle(t('titles.services'));
  const products = visibleAutoProducts(config);

  return (
    <section className={styles.screen} aria-labelledby="services-title">
      <h1 id="services-title" className={styles.title}>
        {t('services.title')}
      </h1>
      {products.length > 0 ? (
        <ul className={styles.list}>
          {products.map((product) => (
            <li key={product.product_id} className={styles.item}>
              {product.name}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('services.empty')}</p>
      )}
    </section>
  );
}
