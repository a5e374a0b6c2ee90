import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { resetPassword } from '../../../shared/api/customer.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import styles from './checkout.module.css';

/** The shortest password accepted (the server checks the same). */
export const MIN_PASSWORD_LENGTH = 8;

const PasswordSchema = z.object({
  pass: z
    .string()
    .check(
      z.minLength(1, { error: 'password_required', abort: true }),
      z.minLength(MIN_PASSWORD_LENGTH, { error: 'password_too_short' }),
      z.maxLength(200, { error: 'too_long' }),
    ),
});
type PasswordValues = z.input<typeof PasswordSchema>;

/** The reset link's token: ?token= (the link the rememberPassword e-mail carries). */
function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

/** customer/password?token=: the page the password-recovery e-mail opens; sets a new password once. */
export default function PasswordPage() {
  const t = useT();
  usePageTitle(t('titles.identification'));
  const token = tokenOf(window.location.search);
  const form = useSchemaForm<PasswordValues>(PasswordSchema, { pass: '' });
  const reset = useMutation({ mutationFn: (pass: string) => resetPassword(token, pass) });

  if (!token) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('customer.reset.heading')}</h1>
        <p role="alert" className={styles.alert}>
          {t('customer.reset.missing')}
        </p>
        <Link href={paths.customerAuthenticate()}>{t('customer.authenticate.heading')}</Link>
      </section>
    );
  }

  if (reset.isSuccess) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('customer.reset.heading')}</h1>
        <p role="status">{t('customer.reset.done')}</p>
        <ul className={styles.links}>
          <li>
            <Link href={paths.customerAuthenticate()}>{t('customer.authenticate.heading')}</Link>
          </li>
        </ul>
      </section>
    );
  }

  const onNext = form.handleSubmit(async ({ pass }) => {
    try {
      await reset.mutateAsync(pass);
    } catch (error) {
      form.applyServerErrors(error, '');
    }
  });
  const refused =
    reset.error instanceof ApiError && !reset.error.gaveUp && !reset.error.fieldErrors.pass
      ? reset.error.message
      : null;

  return (
    <StepLayout
      title={t('customer.reset.heading')}
      onNext={onNext}
      nextLabel={t('customer.reset.submit')}
      busy={reset.isPending}
    >
      {refused ? (
        <p role="alert" className={styles.alert}>
          {refused}
        </p>
      ) : null}
      <TextField
        label={t('customer.reset.password')}
        hint={t('customer.reset.hint')}
        type="password"
        autoComplete="new-password"
        error={form.errorOf('pass')}
        {...form.register('pass')}
      />
    </StepLayout>
  );
}
