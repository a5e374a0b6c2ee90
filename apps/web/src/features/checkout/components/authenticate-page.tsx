import { EmailSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { authenticate, rememberPassword } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, returnPathOf } from '../../../shared/paths.ts';
import {
  readBackLoginPage,
  saveBackLoginPage,
  saveValidatedEmail,
} from '../../../shared/storage/checkout-storage.ts';
import { identificationGuard } from '../utils/guards.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { LoginLinkRequest } from './login-link-request.tsx';
import { OrderPanel } from './order-panel/order-panel.tsx';

/** Spec 5 "Authenticate": e-mail required and valid, password required ('Por favor, introduce tu contraseña'). */
const AuthenticateSchema = z.object({
  email: EmailSchema,
  pass: z.string().check(z.minLength(1, { error: 'password_required' })),
});
type AuthenticateValues = z.input<typeof AuthenticateSchema>;

const RememberSchema = z.object({ email: EmailSchema });
type RememberValues = z.input<typeof RememberSchema>;

function decodeEmail(raw: string | undefined): string {
  if (!raw) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** The message of a refused call: the server's (in the store's language), else the generic one. */
function refusal(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.gaveUp && error.status !== null ? error.message : fallback;
}

function RememberPassword({ email, back, onBack }: { email: string; back: string; onBack: () => void }) {
  const t = useT();
  const form = useSchemaForm<RememberValues>(RememberSchema, { email });
  const remember = useMutation({ mutationFn: (address: string) => rememberPassword(address, back) });
  const onNext = form.handleSubmit(({ email: address }) => remember.mutate(z.parse(EmailSchema, address)));
  return (
    <StepLayout
      title={t('customer.remember.heading')}
      onNext={onNext}
      onBack={onBack}
      nextLabel={t('customer.remember.submit')}
      busy={remember.isPending}
    >
      <p className={styles.intro}>{t('customer.remember.intro')}</p>
      {remember.isSuccess ? (
        <p role="status" className={styles.summary}>
          {t('customer.remember.sent')}
        </p>
      ) : null}
      {remember.isError ? (
        <p role="alert" className={styles.alert}>
          {refusal(remember.error, t('errors.generic'))}
        </p>
      ) : null}
      <TextField
        label={t('customer.email')}
        type="email"
        autoComplete="email"
        error={form.errorOf('email')}
        {...form.register('email')}
      />
    </StepLayout>
  );
}

/**
 * customer/authenticate[/{email}][?back=&mode=link]: log in with e-mail and
 * password; the answer's configuration says loggedIn and the customer goes back
 * to the page that asked (?back=, or the one LoginToContinue saved), else on to
 * payment. "Forgotten your password?" mails a single-use reset link
 * (rememberPassword); "log in without a password" mails a single-use log-in link
 * (loginLink, ADR 031; ?mode=link opens it at once). Both links come back to the
 * same page.
 */
export default function AuthenticatePage() {
  const config = useConfig();
  const t = useT();
  const params = useParams<{ email?: string }>();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(window.location.search);
  const [mode, setMode] = useState<'password' | 'remember' | 'link'>(
    query.get('mode') === 'link' ? 'link' : 'password',
  );
  const back = returnPathOf(query.get('back')) ?? returnPathOf(readBackLoginPage());
  // Where a mailed link comes back to: the page that asked, else paying (a cart) or the orders.
  const linkBack = back ?? (config.cart.items.length > 0 ? paths.customerPayment() : paths.customerOrders());
  usePageTitle(t('titles.identification'));
  const form = useSchemaForm<AuthenticateValues>(AuthenticateSchema, {
    email: decodeEmail(params.email),
    pass: '',
  });
  const login = useMutation({
    mutationFn: (values: { email: string; pass: string }) => authenticate(values.email, values.pass),
  });

  if (identificationGuard(config) !== 'stay')
    return back ? <Redirect to={back} replace /> : <GuardRedirect target="payment" />;
  if (mode === 'remember') {
    return (
      <RememberPassword email={form.getValues('email')} back={linkBack} onBack={() => setMode('password')} />
    );
  }
  if (mode === 'link') {
    return (
      <LoginLinkRequest email={form.getValues('email')} back={linkBack} onBack={() => setMode('password')} />
    );
  }

  const onNext = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync({ email: z.parse(EmailSchema, values.email), pass: values.pass });
      saveValidatedEmail(null);
      saveBackLoginPage(null);
      navigate(back ?? paths.customerPayment(), { replace: true });
    } catch (error) {
      form.applyServerErrors(error, '');
    }
  });

  return (
    <StepLayout
      title={t('customer.authenticate.heading')}
      onNext={onNext}
      nextLabel={t('customer.authenticate.submit')}
      busy={login.isPending}
    >
      <OrderPanel />
      {login.isError ? (
        <p role="alert" className={styles.alert}>
          {refusal(login.error, t('errors.generic'))}
        </p>
      ) : null}
      <TextField
        label={t('customer.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.errorOf('email')}
        {...form.register('email')}
      />
      <TextField
        label={t('customer.password')}
        type="password"
        autoComplete="current-password"
        error={form.errorOf('pass')}
        {...form.register('pass')}
      />
      <ul className={styles.links}>
        <li>
          <button type="button" className={styles.linkButton} onClick={() => setMode('link')}>
            {t('customer.authenticate.emailLink')}
          </button>
        </li>
        <li>
          <button type="button" className={styles.linkButton} onClick={() => setMode('remember')}>
            {t('customer.authenticate.forgot')}
          </button>
        </li>
        <li>
          <Link href={paths.customerRegister()}>{t('customer.authenticate.newCustomer')}</Link>
        </li>
      </ul>
    </StepLayout>
  );
}
