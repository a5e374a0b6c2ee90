import { isAutoProductOffered } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import styles from './services-screen.module.css';

/** The first screen: "which service do you want?" and the store's products. */
export function ServicesScreen() {
  const config = useConfig();
  const t = useT();
  usePageTitle(t('titles.services'));
  // Names only for now; the service buttons and wizards come with the next issue.
  const products = config.auto_products.filter((p) =>
    isAutoProductOffered(p, config.store_id, config.embedded),
  );

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
