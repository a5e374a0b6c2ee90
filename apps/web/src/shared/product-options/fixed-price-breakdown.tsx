import { defaultVatRateBp, formatEuros } from '@shop/domain';
import { useConfig } from '../config/config-store.ts';
import styles from '../ui/fee-breakdown.module.css';
import { FeeBreakdown } from '../ui/fee-breakdown.tsx';
import { useFixedPrice } from './fixed-price.ts';

export interface FixedPriceBreakdownProps {
  productId: number;
  /** With the urgent delivery (the simplified report's confirmation). */
  urgent?: boolean;
  /** The sentence stating the total, above the split (a wizard's intro). */
  headline?: (price: string) => string;
}

/**
 * A fixed product's all-in price from the server's definition (useFixedPrice),
 * split into the official fee, the service and its VAT; nothing until loaded.
 */
export function FixedPriceBreakdown({ productId, urgent = false, headline }: FixedPriceBreakdownProps) {
  const { store_id, language } = useConfig();
  const price = useFixedPrice(productId, urgent);
  if (!price) return null;
  return (
    <>
      {headline ? <p className={styles.headline}>{headline(formatEuros(price.total, language))}</p> : null}
      <FeeBreakdown
        total={price.total}
        officialFee={price.officialFee}
        vatRateBp={defaultVatRateBp(store_id)}
      />
    </>
  );
}
