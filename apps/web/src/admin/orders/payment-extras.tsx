import { formatMultibancoReference, type OrderDetail } from '@shop/domain';
import styles from '../admin.module.css';
import { dateTime } from '../format.ts';

type AdminPayment = OrderDetail['payments'][number];

/** The voucher (entity, reference, amount, expiry) or mandate a payment issued, and the sandbox's page while it is open. */
export function PaymentExtras({ payment }: { payment: AdminPayment }) {
  const { voucher, mandate, sandbox_url: sandboxUrl } = payment;
  if (!voucher && !mandate) return null;
  return (
    <dl className={styles.dl} data-testid={`payment-${payment.id}-extras`}>
      {voucher && (
        <>
          <dt>Entidad</dt>
          <dd>{voucher.entity}</dd>
          <dt>Referencia</dt>
          <dd>{formatMultibancoReference(voucher.reference)}</dd>
          <dt>Importe</dt>
          <dd>{voucher.amount} €</dd>
          <dt>Válido hasta</dt>
          <dd>{dateTime(voucher.expires_at)}</dd>
        </>
      )}
      {mandate && (
        <>
          <dt>Mandato</dt>
          <dd>{mandate.reference}</dd>
          <dt>Firmado</dt>
          <dd>{dateTime(mandate.signed_at)}</dd>
          <dt>Cuenta</dt>
          <dd>{mandate.account}</dd>
        </>
      )}
      {sandboxUrl && (
        <>
          <dt>Pasarela de pruebas</dt>
          <dd>
            <a href={sandboxUrl}>{voucher ? 'Cajero de pruebas' : 'Banco de pruebas'}</a>
          </dd>
        </>
      )}
    </dl>
  );
}
