import { Link } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { groupReference, type Voucher, voucherAmount } from '../utils/next-step.ts';
import styles from './checkout.module.css';

function expiryText(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'pt' ? 'pt-PT' : language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: 'long',
  }).format(date);
}

/** A Multibanco voucher: entity, reference, amount and expiry; the order stays pending until the payment notice. */
export function VoucherView({ voucher }: { voucher: Voucher & { orderId: string } }) {
  const t = useT();
  const { language } = useConfig();
  usePageTitle(t('titles.checkout'));
  return (
    <section className={styles.page} aria-labelledby="voucher-title">
      <h1 id="voucher-title" className={styles.title}>
        {t('payment.voucher.heading')}
      </h1>
      <p className={styles.intro}>{t('payment.forOrder', { order: voucher.orderId })}</p>
      <div className={styles.voucher}>
        <dl>
          <dt>{t('payment.voucher.entity')}</dt>
          <dd data-testid="voucher-entity">{voucher.entity}</dd>
          <dt>{t('payment.voucher.reference')}</dt>
          <dd data-testid="voucher-reference">{groupReference(voucher.reference)}</dd>
          <dt>{t('payment.voucher.amount')}</dt>
          <dd>{voucherAmount(voucher.amount, language)}</dd>
          {voucher.expires_at ? (
            <>
              <dt>{t('payment.voucher.expires')}</dt>
              <dd>{expiryText(voucher.expires_at, language)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <p role="status">{t('payment.voucher.pending')}</p>
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
