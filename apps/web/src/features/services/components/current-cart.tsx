import { cartLines, formatEuros } from '@shop/domain';
import { Link } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import styles from './services-screen.module.css';

/** The current-cart block of the services screen (spec 2): items, total and the buy button. */
export function CurrentCart() {
  const { cart, language, loggedIn } = useConfig();
  const t = useT();
  return (
    <section className={styles.cart} aria-labelledby="current-cart-title">
      <h2 id="current-cart-title" className={styles.cartTitle}>
        {t('services.currentCart')}
      </h2>
      <ul className={styles.cartItems}>
        {cartLines(cart.items).map((item) => (
          <li key={item.id} className={styles.cartItem}>
            <span>{item.product_name}</span>
            <span className={styles.price}>{formatEuros(item.current_price, language)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.cartTotal}>
        <span>{t('cart.total')}</span>
        <span className={styles.price}>{formatEuros(cart.total, language)}</span>
      </p>
      <Link href={paths.buy(loggedIn)} className={styles.buy}>
        {t('cart.checkout')}
      </Link>
    </section>
  );
}
