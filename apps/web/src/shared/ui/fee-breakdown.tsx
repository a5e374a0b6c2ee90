import { feeBreakdown, formatEuros, formatPrice } from '@shop/domain';
import { useConfig } from '../config/config-store.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './fee-breakdown.module.css';
import { OfficialNotice } from './official-notice.tsx';

export interface FeeBreakdownProps {
  /** The all-in price in cents. */
  total: number;
  /** The registry's own fee inside it (no VAT). */
  officialFee: number;
  /** The VAT rate of the service fee, in basis points. */
  vatRateBp: number;
}

/**
 * The all-in price of a registry document: official fee + service + VAT = total,
 * in the invoice's words (the same feeSplit keys the invoice PDF prints): the
 * official fee is a suplido outside the VAT base, VAT is on the service only.
 */
export function FeeBreakdown({ total, officialFee, vatRateBp }: FeeBreakdownProps) {
  const t = useT();
  const { language } = useConfig();
  const lines = feeBreakdown(total, officialFee, vatRateBp);
  const euros = (cents: number) => formatEuros(cents, language);
  return (
    <>
      <dl className={styles.breakdown}>
        <div className={styles.line}>
          <dt>{t('feeSplit.officialFee')}</dt>
          <dd>{euros(lines.officialFee)}</dd>
        </div>
        <div className={styles.line}>
          <dt>{t('feeSplit.service')}</dt>
          <dd>{euros(lines.service)}</dd>
        </div>
        <div className={styles.line}>
          <dt>{t('feeSplit.vat', { rate: formatPrice(vatRateBp, language) })}</dt>
          <dd>{euros(lines.vat)}</dd>
        </div>
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{t('feeSplit.total')}</dt>
          <dd>{euros(lines.total)}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('feeSplit.note')}</p>
      {/* A product's intro shows its price split: with it, what we are and where the official channel is. */}
      <OfficialNotice className={styles.note} />
    </>
  );
}
