import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { CartMenu } from '../../features/cart/components/cart-menu.tsx';
import { useConfig } from '../../shared/config/config-store.ts';
import { useHydrated } from '../../shared/hooks/use-hydrated.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths, returnPathOf } from '../../shared/paths.ts';
import { BrandLink } from './brand-link.tsx';
import { showsLogin, showsRequestNotaSimple } from './header-rules.ts';
import styles from './layout.module.css';

// Only a logged-in customer sees it, and only once the page is hydrated (the
// header is server-rendered, where a lazy part would not finish): its code
// loads then, not with the first screen.
const LogoutButton = lazy(() => import('./logout-button.tsx'));

/**
 * Logo, 'Solicitar Nota Simple', the cart menu and the account links (spec 2
 * "Header"; issue 20: 'Entrar' for a visitor, returning to this page after the
 * log-in; 'Mis pedidos' and 'Cerrar sesión' for a customer). It re-renders when
 * an answer replaces the configuration (the cart count, logged in or not).
 */
export function Header() {
  const config = useConfig();
  const t = useT();
  const [pathname] = useLocation();
  const hydrated = useHydrated();
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
        <BrandLink homepage={config.embedded || !config.homepage ? null : config.homepage} label={homeLabel}>
          {brand}
        </BrandLink>
        <div className={styles.tools}>
          {showsRequestNotaSimple(config.store_id, pathname) && (
            <Link href={paths.notaSimpleStep(1)} className={styles.requestNs}>
              {/* On a phone only the icon shows (issue 20 item 9: the bar stays <= 64 px); the words stay its name. */}
              <svg className={styles.requestNsIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 2h9l5 5v15H4V2h2Zm8 1.5V8h4.5L14 3.5ZM11 11v3H8v2h3v3h2v-3h3v-2h-3v-3h-2Z" />
              </svg>
              <span className={styles.requestNsText}>{t('header.requestNotaSimple')}</span>
            </Link>
          )}
          <CartMenu />
          {!config.loggedIn && hydrated && showsLogin(pathname) && (
            <Link
              href={paths.customerLogin(returnPathOf(pathname))}
              className={styles.orders}
              aria-label={t('header.loginLabel')}
            >
              {t('header.login')}
            </Link>
          )}
          {config.loggedIn && hydrated && (
            <Link href={paths.customerOrders()} className={styles.orders}>
              {t('orders.headerLink')}
            </Link>
          )}
          {config.loggedIn && hydrated && (
            <Suspense fallback={null}>
              <LogoutButton />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
