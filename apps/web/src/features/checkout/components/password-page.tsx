import { NewPasswordSchema, ResetTokenSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
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

const PasswordSchema = z.object({ pass: NewPasswordSchema });
type PasswordValues = z.input<typeof PasswordSchema>;

/** Where the link returns after the reset (?path=, a storefront path), if it is one. */
function returnPathOf(search: string): string | null {
  const path = new URLSearchParams(search).get('path') ?? '';
  return /^\/[\w/-]*$/.test(path) ? path : null;
}

/**
 * customer/password/{token}[?path=]: the page the password-recovery e-mail
 * opens. The new password is set once with the link's token (the server logs
 * the customer in), then the customer goes on where the link says.
 */
export default function PasswordPage() {
  const t = useT();
  usePageTitle(t('titles.identification'));
  const params = useParams<{ token?: string }>();
  const token = z.safeParse(ResetTokenSchema, params.token ?? '').success ? (params.token ?? '') : '';
  const back = returnPathOf(window.location.search);
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
            <Link href={back ?? paths.services()}>{t('common.continue')}</Link>
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
