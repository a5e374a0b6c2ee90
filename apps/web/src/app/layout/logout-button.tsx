import { useState } from 'react';
import { useLocation } from 'wouter';
import { logout } from '../../shared/api/customer.ts';
import { useConfig } from '../../shared/config/config-store.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths } from '../../shared/paths.ts';
import { clearCheckoutSession } from '../../shared/storage/checkout-storage.ts';
import { showSnackbar } from '../../shared/ui/snackbar-store.ts';
import styles from './layout.module.css';

/**
 * 'Cerrar sesión' for a logged-in customer: the server ends the customer's
 * session (new session id) and answers the anonymous configuration; this
 * visit's checkout data is forgotten and the services screen shows.
 */
export default function LogoutButton() {
  const { loggedIn } = useConfig();
  const t = useT();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      await logout();
      clearCheckoutSession();
      showSnackbar({ message: t('customer.loggedOut') });
      navigate(paths.services());
    } catch {
      // The api client has shown the generic message; the customer stays logged in.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.logout}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {t('customer.logout')}
    </button>
  );
}
