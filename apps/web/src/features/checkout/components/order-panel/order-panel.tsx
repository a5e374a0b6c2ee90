import { formatEuros, formatPrice } from '@shop/domain';
import { useId, useState } from 'react';
import { useConfig } from '../../../../shared/config/config-store.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import styles from './order-panel.module.css';
import { useOrderPanel } from './use-order-panel.ts';

/**
 * The order on every checkout screen (issue 20 item 1): each line (an add-on
 * on its own line under its service), and the total with its split in the
 * invoice's words (feeSplit). On a phone it starts collapsed, showing the
 * total, and opens with a real button (aria-expanded); from 40rem on it is
 * always open and the button is not shown. CSS alone decides which, so the
 * server-rendered page and the hydrated one agree.
 */
export function OrderPanel({ orderId = null }: { orderId?: string | null | undefined }) {
  const t = useT();
  const { language } = useConfig();
  const view = useOrderPanel(orderId);
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  if (!view) return null;
  const euros = (cents: number) => formatEuros(cents, language);
  const { split } = view;
  const total = euros(split.total);
  return (
    <section className={styles.panel} aria-label={t('orderPanel.heading')} data-testid="order-panel">
      <h2 className={styles.heading}>
        <span className={styles.wideOnly}>{t('orderPanel.heading')}</span>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span>{t('orderPanel.heading')}</span>
          <span className={styles.toggleTotal}>
            <span className={styles.amount}>{total}</span>
            <span className={styles.chevron} aria-hidden="true" />
          </span>
        </button>
      </h2>
      <div id={bodyId} className={expanded ? styles.body : `${styles.body} ${styles.collapsed}`}>
        <ul className={styles.lines}>
          {view.lines.map((line) => (
            <li key={line.id} className={line.addOn ? `${styles.line} ${styles.addOn}` : styles.line}>
              <span>
                {line.addOn ? <span className={styles.addOnLabel}>{t('orderPanel.addOn')}: </span> : null}
                {line.name}
              </span>
              <span className={styles.amount}>{euros(line.price)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.split}>
          <div className={styles.line}>
            <dt>{t('feeSplit.officialFee')}</dt>
            <dd className={styles.amount}>{euros(split.officialFee)}</dd>
          </div>
          <div className={styles.line}>
            <dt>{t('feeSplit.service')}</dt>
            <dd className={styles.amount}>{euros(split.service)}</dd>
          </div>
          <div className={styles.line}>
            <dt>{t('feeSplit.vat', { rate: formatPrice(view.vatRateBp, language) })}</dt>
            <dd className={styles.amount}>{euros(split.vat)}</dd>
          </div>
          <div className={`${styles.line} ${styles.total}`}>
            <dt>{t('feeSplit.total')}</dt>
            <dd className={styles.amount} data-testid="order-panel-total">
              {total}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
