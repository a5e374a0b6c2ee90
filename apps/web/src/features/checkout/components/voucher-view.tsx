import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import type { Voucher } from '../utils/next-step.ts';
import styles from './checkout.module.css';
import { OrderPanel } from './order-panel/order-panel.tsx';
import { VoucherDetails } from './pending-payment-view.tsx';

/** A Multibanco voucher: entity, reference, amount and expiry; the order stays pending until the payment notice. */
export function VoucherView({ voucher }: { voucher: Voucher & { orderId: string } }) {
  const t = useT();
  usePageTitle(t('titles.checkout'));
  return (
    <section className={styles.page} aria-labelledby="voucher-title">
      <h1 id="voucher-title" className={styles.title}>
        {t('payment.voucher.heading')}
      </h1>
      <p className={styles.intro}>{t('payment.forOrder', { order: voucher.orderId })}</p>
      <VoucherDetails voucher={voucher} untitled />
      <p>{t('payment.voucher.pending')}</p>
      <OrderPanel orderId={voucher.orderId} />
      <ul className={styles.links}>
        <li>
          <Link href={paths.checkoutSuccess(voucher.orderId)}>
            {t('success.order', { order: voucher.orderId })}
          </Link>
        </li>
      </ul>
    </section>
  );
}
