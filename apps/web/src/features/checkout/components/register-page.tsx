import { EmailSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { checkEmail } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { readValidatedEmail, saveValidatedEmail } from '../../../shared/storage/checkout-storage.ts';
import { identificationGuard } from '../utils/guards.ts';
import styles from './checkout.module.css';
import { GuardRedirect } from './guard-redirect.tsx';
import { OrderPanel } from './order-panel/order-panel.tsx';

const RegisterSchema = z.object({ email: EmailSchema });
type RegisterValues = z.input<typeof RegisterSchema>;

/**
 * customer/register (spec 5 "Register"): the e-mail, checked with checkEmail.
 * A new address is kept for the checkout with the time the terms were accepted
 * (pressing Next accepts them); a registered one offers 'Identifícate aquí'.
 */
export default function RegisterPage() {
  const config = useConfig();
  const t = useT();
  const [, navigate] = useLocation();
  usePageTitle(t('titles.identification'));
  const form = useSchemaForm<RegisterValues>(RegisterSchema, { email: readValidatedEmail()?.email ?? '' });
  const check = useMutation({ mutationFn: checkEmail });

  if (identificationGuard(config) !== 'stay') return <GuardRedirect target="payment" />;

  const onNext = form.handleSubmit(async ({ email }) => {
    const parsed = z.parse(EmailSchema, email);
    try {
      const exists = await check.mutateAsync(parsed);
      if (exists) return;
      saveValidatedEmail({ email: parsed, acceptedAt: Date.now() });
      navigate(paths.customerPayment());
    } catch (error) {
      form.applyServerErrors(error, '');
    }
  });

  const existing = check.data === true ? check.variables : null;

  return (
    <StepLayout title={t('customer.register.heading')} onNext={onNext} busy={check.isPending}>
      <OrderPanel />
      <p className={styles.intro}>{t('customer.register.intro')}</p>
      {existing ? (
        <div className={styles.alert} role="alert">
          <p>{t('customerApi.exists')}</p>
          <Link href={paths.customerAuthenticate(existing)}>{t('customer.register.login')}</Link>
        </div>
      ) : null}
      <TextField
        label={t('customer.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.errorOf('email')}
        {...form.register('email')}
      />
      <p className={styles.note}>
        {t('legalPages.termsBefore')} <Link href={paths.privacy()}>{t('legalPages.privacyLink')}</Link>{' '}
        {t('legalPages.termsAnd')} <Link href={paths.conditions()}>{t('legalPages.conditionsLink')}</Link>.
      </p>
      <ul className={styles.links}>
        <li>
          <Link href={paths.customerAuthenticate()}>
            {t('customer.register.haveAccount')} {t('customer.authenticate.heading')}
          </Link>
        </li>
      </ul>
    </StepLayout>
  );
}
