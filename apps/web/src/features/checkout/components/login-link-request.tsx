import { EmailSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { requestLoginLink } from '../../../shared/api/customer.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import styles from './checkout.module.css';

const LinkSchema = z.object({ email: EmailSchema });
type LinkValues = z.input<typeof LinkSchema>;

/**
 * "Log in without a password": asks POST loginLink to mail a single-use link
 * (ADR 031) that comes back to `back`. The answer is the same whether or not
 * the address has an account; its message says so.
 */
export function LoginLinkRequest({
  email,
  back,
  onBack,
}: {
  email: string;
  back: string;
  onBack: () => void;
}) {
  const t = useT();
  const form = useSchemaForm<LinkValues>(LinkSchema, { email });
  const ask = useMutation({ mutationFn: (address: string) => requestLoginLink(address, back) });
  const onNext = form.handleSubmit(({ email: address }) => ask.mutate(z.parse(EmailSchema, address)));
  const refused =
    ask.error instanceof ApiError && !ask.error.gaveUp && ask.error.status !== null
      ? ask.error.message
      : t('errors.generic');
  return (
    <StepLayout
      title={t('customer.loginLink.heading')}
      onNext={onNext}
      onBack={onBack}
      nextLabel={t('customer.loginLink.submit')}
      busy={ask.isPending}
    >
      <p className={styles.intro}>{t('customer.loginLink.intro')}</p>
      {ask.isSuccess ? (
        <p role="status" className={styles.summary}>
          {ask.data.message ?? t('customer.remember.sent')}
        </p>
      ) : null}
      {ask.isError ? (
        <p role="alert" className={styles.alert}>
          {refused}
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
    </StepLayout>
  );
}
