import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { rememberPassword } from '../../../shared/api/customer.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import styles from './checkout.module.css';

/**
 * The success page's offer to choose a password (issue 20 item 2): a customer
 * who registered with an e-mail only has none. The button mails the existing
 * single-use reset link (rememberPassword), which comes back to the orders.
 */
export function SetPasswordOffer({ email }: { email: string }) {
  const t = useT();
  const send = useMutation({ mutationFn: () => rememberPassword(email, paths.customerOrders()) });
  return (
    <div className={styles.summary}>
      <p>{t('customer.setPassword.offer')}</p>
      {send.isError ? (
        <p role="alert" className={styles.alert}>
          {send.error instanceof ApiError && !send.error.gaveUp && send.error.status !== null
            ? send.error.message
            : t('errors.generic')}
        </p>
      ) : null}
      {send.isSuccess ? (
        <p role="status">{t('customer.remember.sent')}</p>
      ) : (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => send.mutate()}
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
        >
          {t('customer.setPassword.submit')}
        </button>
      )}
    </div>
  );
}
