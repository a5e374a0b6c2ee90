import { LoginLinkTokenSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { loginWithLink } from '../../../shared/api/customer.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, returnPathOf } from '../../../shared/paths.ts';
import { clearCheckoutSession } from '../../../shared/storage/checkout-storage.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';
import styles from './checkout.module.css';

/**
 * customer/login/{token}[?path=]: the page a mailed log-in link opens (ADR 031).
 * Opening it spends nothing (mail scanners fetch links); the customer's press
 * of "Entrar" sends POST loginWithLink, which logs in under a new session id,
 * then the page that asked for the link (?path=) shows, else the orders.
 */
export default function LoginLinkPage() {
  const t = useT();
  usePageTitle(t('titles.identification'));
  const [, navigate] = useLocation();
  const params = useParams<{ token?: string }>();
  const token = z.safeParse(LoginLinkTokenSchema, params.token ?? '').success ? (params.token ?? '') : '';
  const back =
    returnPathOf(new URLSearchParams(window.location.search).get('path')) ?? paths.customerOrders();
  const login = useMutation({
    mutationFn: () => loginWithLink(token),
    onSuccess: () => {
      // Whatever this browser had started as someone else is forgotten.
      clearCheckoutSession();
      showSnackbar({ message: t('customer.loginLink.loggedIn') });
      navigate(back, { replace: true });
    },
  });
  const askAgain = paths.customerLogin(back, { link: true });

  const refused = !token
    ? t('apiErrors.loginLinkInvalid')
    : login.error instanceof ApiError && !login.error.gaveUp && login.error.status !== null
      ? login.error.message
      : login.isError
        ? t('errors.generic')
        : null;

  return (
    <StepLayout
      title={t('customer.loginLink.pageHeading')}
      onNext={() => {
        if (token) login.mutate();
      }}
      nextLabel={t('customer.loginLink.pageSubmit')}
      busy={login.isPending || login.isSuccess}
    >
      {refused ? (
        <>
          <p role="alert" className={styles.alert}>
            {refused}
          </p>
          <p>
            <Link href={askAgain}>{t('customer.loginLink.askAgain')}</Link>
          </p>
        </>
      ) : (
        <p className={styles.intro}>{t('customer.loginLink.pageIntro')}</p>
      )}
    </StepLayout>
  );
}
