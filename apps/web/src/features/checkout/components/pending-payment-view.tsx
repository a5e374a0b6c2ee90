import { formatVoucherExpiry, type Language, type Mandate, type PendingPayment } from '@shop/domain';
import { useState } from 'react';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { groupReference, type Voucher, voucherAmount } from '../utils/next-step.ts';
import styles from './pending-payment.module.css';

/** The voucher's amount as typed at an ATM or in home banking: digits with the language's decimal mark, no sign. */
function amountToCopy(amount: string | number, language: Language): string {
  const shown = voucherAmount(amount, language);
  return shown.replace(/[^\d.,]/g, '');
}

interface Row {
  key: string;
  label: string;
  shown: string;
  /** What the copy button copies (no copy button when absent). */
  copy?: string;
  testId?: string;
}

/**
 * The fields of a voucher or a mandate, each with a copy button: a native
 * button (keyboard), named after its field ('Copiar Referencia'), whose result
 * is announced in a polite live region ('Copiado: Referencia').
 */
function CopyList({ rows }: { rows: Row[] }) {
  const t = useT();
  const [announce, setAnnounce] = useState('');
  const copy = async (row: Row) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(row.copy ?? row.shown);
      setAnnounce(t('pendingPayment.copied', { field: row.label }));
    } catch {
      setAnnounce(t('pendingPayment.copyFailed'));
    }
  };
  return (
    <>
      <dl className={styles.fields}>
        {rows.map((row) => (
          <div key={row.key} className={styles.field}>
            <dt>{row.label}</dt>
            <dd>
              <span className={styles.value} data-testid={row.testId}>
                {row.shown}
              </span>
              {row.copy !== undefined ? (
                <Button
                  variant="secondary"
                  className={styles.copy}
                  aria-label={t('pendingPayment.copy', { field: row.label })}
                  onClick={() => void copy(row)}
                >
                  {t('pendingPayment.copyButton')}
                </Button>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.announce} role="status" aria-live="polite">
        {announce}
      </p>
    </>
  );
}

/** A Multibanco voucher: entity, reference, amount and expiry, each copyable. */
export function VoucherDetails({
  voucher,
  headingLevel = 2,
  sandboxUrl,
  untitled = false,
}: {
  voucher: Voucher;
  headingLevel?: 2 | 3;
  sandboxUrl?: string;
  /** The page's own heading names the voucher: no heading (nor region) of its own. */
  untitled?: boolean;
}) {
  const t = useT();
  const { language } = useConfig();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const reference = voucher.reference.replace(/\s/g, '');
  const rows: Row[] = [
    {
      key: 'entity',
      label: t('payment.voucher.entity'),
      shown: voucher.entity,
      copy: voucher.entity,
      testId: 'voucher-entity',
    },
    {
      key: 'reference',
      label: t('payment.voucher.reference'),
      shown: groupReference(reference),
      copy: reference,
      testId: 'voucher-reference',
    },
    {
      key: 'amount',
      label: t('payment.voucher.amount'),
      shown: voucherAmount(voucher.amount, language),
      copy: amountToCopy(voucher.amount, language),
      testId: 'voucher-amount',
    },
  ];
  if (voucher.expires_at) {
    const expiry = formatVoucherExpiry(voucher.expires_at, language);
    rows.push({
      key: 'expires',
      label: t('payment.voucher.expires'),
      shown: expiry,
      copy: expiry,
      testId: 'voucher-expires',
    });
  }
  const body = (
    <>
      <CopyList rows={rows} />
      {sandboxUrl ? (
        <a className={styles.sandbox} href={sandboxUrl}>
          {t('pendingPayment.sandboxAtm')}
        </a>
      ) : null}
    </>
  );
  // A box under a heading, not a region: an orders page with two open vouchers has no two same-named landmarks.
  return (
    <div className={styles.box}>
      {untitled ? null : <Heading>{t('pendingPayment.voucherHeading')}</Heading>}
      {body}
    </div>
  );
}

/** A direct-debit mandate waiting for the collection: reference, date and the masked account. */
export function MandateDetails({
  mandate,
  headingLevel = 2,
  sandboxUrl,
}: {
  mandate: Mandate;
  headingLevel?: 2 | 3;
  sandboxUrl?: string;
}) {
  const t = useT();
  const { language } = useConfig();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: Row[] = [
    {
      key: 'reference',
      label: t('pendingPayment.mandateReference'),
      shown: mandate.reference,
      copy: mandate.reference,
      testId: 'mandate-reference',
    },
    {
      key: 'date',
      label: t('pendingPayment.mandateDate'),
      shown: formatVoucherExpiry(mandate.signed_at, language, { time: false }),
    },
    { key: 'account', label: t('pendingPayment.mandateAccount'), shown: mandate.account },
  ];
  return (
    <div className={styles.box}>
      <Heading>{t('pendingPayment.mandateHeading')}</Heading>
      <CopyList rows={rows} />
      {sandboxUrl ? (
        <a className={styles.sandbox} href={sandboxUrl}>
          {t('pendingPayment.sandboxBank')}
        </a>
      ) : null}
    </div>
  );
}

/** The open payment of an order: its voucher or its mandate (nothing for another method). */
export function PendingPaymentView({
  pending,
  headingLevel = 2,
}: {
  pending: PendingPayment;
  headingLevel?: 2 | 3;
}) {
  if (pending.voucher) {
    return (
      <VoucherDetails
        voucher={pending.voucher}
        headingLevel={headingLevel}
        sandboxUrl={pending.sandbox_url}
      />
    );
  }
  if (pending.mandate) {
    return (
      <MandateDetails
        mandate={pending.mandate}
        headingLevel={headingLevel}
        sandboxUrl={pending.sandbox_url}
      />
    );
  }
  return null;
}

/** 'Pendiente de pago: referencia Multibanco abierta hasta …' (or the mandate's line); null for anything else. */
export function openPaymentText(
  pending: PendingPayment,
  t: ReturnType<typeof useT>,
  language: Language,
): string | null {
  if (pending.voucher) {
    return t('pendingPayment.openVoucher', {
      date: formatVoucherExpiry(pending.voucher.expires_at, language),
    });
  }
  if (pending.mandate) return t('pendingPayment.openMandate', { reference: pending.mandate.reference });
  return null;
}
