import { Link } from 'wouter';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import styles from './checkout.module.css';

/** Checkout or a payment page with nothing to pay: says so and links to the services, never 'Pagar 0 €'. */
export function EmptyCartNotice({ title }: { title: string }) {
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p>{t('checkout.emptyCart')}</p>
      <ul className={styles.links}>
        <li>
          <Link href={paths.services()}>{t('checkout.toServices')}</Link>
        </li>
      </ul>
    </section>
  );
}
