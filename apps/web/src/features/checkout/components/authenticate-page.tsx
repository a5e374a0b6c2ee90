import { EmailSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { authenticate, rememberPassword } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import {
  readBackLoginPage,
  saveBackLoginPage,
  saveValidatedEmail,
} from '../../../shared/storage/checkout-storage.ts';
import { identificationGuard } from '../utils/guards.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
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

function RememberPassword({ email, onBack }: { email: string; onBack: () => void }) {
  const t = useT();
  const { cart } = useConfig();
  const form = useSchemaForm<RememberValues>(RememberSchema, { email });
  // After the reset the link brings the customer back to paying, or to the services.
  const back = cart.items.length > 0 ? paths.customerPayment() : paths.services();
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
 * customer/authenticate and customer/authenticate/{email}: log in with e-mail
 * and password; the answer's configuration says loggedIn and the customer goes
 * on to payment (or the page that sent them here). "Forgotten your password?"
 * asks for the e-mail and mails a single-use link (rememberPassword).
 */
export default function AuthenticatePage() {
  const config = useConfig();
  const t = useT();
  const params = useParams<{ email?: string }>();
  const [, navigate] = useLocation();
  const [remembering, setRemembering] = useState(false);
  usePageTitle(t('titles.identification'));
  const form = useSchemaForm<AuthenticateValues>(AuthenticateSchema, {
    email: decodeEmail(params.email),
    pass: '',
  });
  const login = useMutation({
    mutationFn: (values: { email: string; pass: string }) => authenticate(values.email, values.pass),
  });

  if (identificationGuard(config) !== 'stay') return <GuardRedirect target="payment" />;
  if (remembering) {
    return <RememberPassword email={form.getValues('email')} onBack={() => setRemembering(false)} />;
  }

  const onNext = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync({ email: z.parse(EmailSchema, values.email), pass: values.pass });
      saveValidatedEmail(null);
      const back = readBackLoginPage();
      saveBackLoginPage(null);
      navigate(back ?? paths.customerPayment());
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
          <button type="button" className={styles.linkButton} onClick={() => setRemembering(true)}>
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
