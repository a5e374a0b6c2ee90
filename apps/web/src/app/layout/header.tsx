import { Link } from 'wouter';
import { useConfig } from '../../shared/config/config-store.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths } from '../../shared/paths.ts';
import styles from './layout.module.css';

/** Logo and portal name; the cart count re-renders when an answer replaces the configuration. */
export function Header() {
  const config = useConfig();
  const t = useT();
  const count = config.cart.items.length;
  const brand = (
    <>
      {config.navbar_image && <img className={styles.logo} src={config.navbar_image} alt="" />}
      <span className={styles.portalName}>{config.portal_name}</span>
    </>
  );
  const homeLabel = t('header.home', { name: config.portal_name });

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {/* Spec point 2: the logo goes to the portal's homepage, or to services when embedded. */}
        {config.embedded || !config.homepage ? (
          <Link href={paths.services()} className={styles.brand} aria-label={homeLabel}>
            {brand}
          </Link>
        ) : (
          <a href={config.homepage} className={styles.brand} aria-label={homeLabel}>
            {brand}
          </a>
        )}
        {count > 0 && (
          <span className={styles.cartCount} data-testid="cart-count">
            {t('header.cartItems', { count })}
          </span>
        )}
      </div>
    </header>
  );
}
