import { defaultVatRateBp, feeBreakdown, formatEuros, formatPrice, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import styles from './nota-simple.module.css';

/**
 * The all-in price (service fee, the registry's official fee and VAT) from the
 * server's definition (GET product?id=15867; nothing until it has loaded).
 * `detailed` shows the split: the official fee (9,02 + VAT = 10,91) and our fee with its VAT.
 */
export function NsPrice({ urgent, detailed = false }: { urgent: boolean; detailed?: boolean }) {
  const t = useT();
  const { language, store_id } = useConfig();
  const price = useFixedPrice(PRODUCT_IDS.notaSimple, urgent);
  if (!price) return null;
  const total = price.total;
  const euros = (cents: number) => formatEuros(cents, language);
  const summary = (
    <p className={styles.total}>
      {t('ns.price.total', { price: euros(total) })} <span>{t('ns.price.included')}</span>
    </p>
  );
  if (!detailed) return summary;
  const vatRate = defaultVatRateBp(store_id);
  const lines = feeBreakdown(total, price.officialFee, vatRate);
  return (
    <>
      {summary}
      <dl className={styles.split}>
        <div>
          <dt>{t('ns.price.officialFee')}</dt>
          <dd>{euros(lines.officialFee)}</dd>
        </div>
        <div>
          <dt>{t('ns.price.service')}</dt>
          <dd>{euros(lines.service)}</dd>
        </div>
        <div>
          <dt>{t('ns.price.vat', { rate: formatPrice(vatRate, language) })}</dt>
          <dd>{euros(lines.vat)}</dd>
        </div>
        <div className={styles.splitTotal}>
          <dt>{t('ns.price.totalLabel')}</dt>
          <dd>{euros(lines.total)}</dd>
        </div>
      </dl>
    </>
  );
}
