import { Link } from 'wouter';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { saveBackLoginPage } from '../../../shared/storage/checkout-storage.ts';

/**
 * A log-in link for a page that needs the customer (an order's follow-ups, an
 * e-mailed quote link): after logging in the customer comes back to `back`
 * (spec 3 back_login_page), a path under the application prefix.
 */
export function LoginToContinue({ back, label }: { back: string; label?: string }) {
  const t = useT();
  return (
    <p>
      <Link href={paths.customerLogin(back)} onClick={() => saveBackLoginPage(back)}>
        {label ?? t('apiErrors.unauthorized')}
      </Link>
    </p>
  );
}
