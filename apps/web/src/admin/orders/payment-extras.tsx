import { formatMultibancoReference, formatVoucherExpiry, type OrderDetail } from '@shop/domain';
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

/** A payment still waiting for the customer: a voucher or mandate issued and not yet paid, failed or lapsed. */
export function isOpenPayment(payment: AdminPayment): boolean {
  return (
    (payment.status === 'pending' || payment.status === 'authorized') &&
    Boolean(payment.voucher || payment.mandate)
  );
}

/**
 * The open Multibanco voucher or debit mandate of an order, near the top of its
 * page: the operator answering the customer sees what they are to pay, and by when.
 */
export function OpenPayments({ payments }: { payments: readonly AdminPayment[] }) {
  const open = payments.filter(isOpenPayment);
  if (open.length === 0) return null;
  return (
    <section className={`${styles.card} ${styles.pending}`} aria-labelledby="open-payment">
      <h2 id="open-payment">Pago pendiente del cliente</h2>
      {open.map((payment) => (
        <div key={payment.id}>
          <p>
            {payment.voucher
              ? `Referencia Multibanco emitida, válida hasta el ${formatVoucherExpiry(payment.voucher.expires_at, 'es')}.`
              : 'Mandato de adeudo directo firmado: el cobro se hará en la cuenta indicada.'}
          </p>
          <PaymentExtras payment={payment} />
        </div>
      ))}
    </section>
  );
}
