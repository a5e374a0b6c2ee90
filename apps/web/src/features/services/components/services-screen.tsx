import { lazy, Suspense } from 'react';
import { Link, useRoute } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useHydrated } from '../../../shared/hooks/use-hydrated.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { usePaymentReset } from '../hooks/use-payment-reset.ts';
import { serviceLinks } from '../utils/service-links.ts';
import { CurrentCart } from './current-cart.tsx';
import styles from './services-screen.module.css';

// The fixed wizards' prices come from the server's definitions: the loader and
// its schemas stay out of the entry chunk; the prices appear once loaded.
const FixedServicePrice = lazy(() => import('./fixed-service-price.tsx'));

/**
 * The first screen (entry chunk): "which service do you want?", the store's
 * services with their prices, and the current cart when there is one.
 */
export function ServicesScreen() {
  const config = useConfig();
  const t = useT();
  const [isReset] = useRoute(paths.servicesReset());
  usePaymentReset(isReset);
  const hydrated = useHydrated();
  const links = serviceLinks(config.store_id, config.auto_products, config.embedded, t, config.language);

  return (
    <div className={styles.page}>
      <section className={styles.screen} aria-labelledby="services-title">
        <h1 id="services-title" className={styles.title}>
          {t('services.title')}
        </h1>
        {links.length > 0 ? (
          <ul className={styles.list}>
            {links.map((link) => (
              <li key={link.productId}>
                <Link href={link.href} className={styles.item} data-product-id={link.productId}>
                  <span className={styles.name}>{link.label}</span>
                  <span className={styles.price}>
                    {link.flow
                      ? hydrated && (
                          <Suspense fallback={null}>
                            <FixedServicePrice flow={link.flow} />
                          </Suspense>
                        )
                      : link.price}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('services.empty')}</p>
        )}
      </section>
      {config.show_carrito && config.cart.items.length > 0 && <CurrentCart />}
    </div>
  );
}
