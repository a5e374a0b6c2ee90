import { defaultVatRateBp, formatEuros, PRODUCT_IDS } from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../shared/product-options/fixed-price.ts';
import { FeeBreakdown } from '../../../shared/ui/fee-breakdown.tsx';
import styles from './nota-simple.module.css';

/**
 * The all-in price (service fee, the registry's official fee and VAT) from the
 * server's definition (GET product?id=15867; nothing until it has loaded).
 * `detailed` shows the split (FeeBreakdown, the invoice's words): the official fee
 * outside the VAT base, and our fee with its VAT.
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
  return (
    <>
      {summary}
      <FeeBreakdown total={total} officialFee={price.officialFee} vatRateBp={defaultVatRateBp(store_id)} />
    </>
  );
}
