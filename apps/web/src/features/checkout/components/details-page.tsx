import type { Billing, ClientRecord, PaymentMethod } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { updateClient } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { useClient } from '../hooks/use-guard-state.ts';
import { BillingSection, useBillingForm } from './billing-section.tsx';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';

const PreferenceSchema = z.object({ preferred_payment: z.string() });
type PreferenceValues = z.infer<typeof PreferenceSchema>;

/** The details form, once the client record is loaded (its values are the form's defaults). */
function DetailsForm({ client }: { client: ClientRecord }) {
  const t = useT();
  const config = useConfig();
  const queryClient = useQueryClient();
  const billingForm = useBillingForm(client.billing, client.email);
  const preference = useSchemaForm<PreferenceValues>(PreferenceSchema, {
    preferred_payment: client.payment.preferred_payment ?? '',
  });
  const [keep, setKeep] = useState(client.billing !== null);
  /** A refusal not about a field (a 401, the generic message after the retries). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateClient,
    onSuccess: (record) => queryClient.setQueryData(['client'], record),
  });

  const send = async (billing: Billing | undefined) => {
    const chosen = preference.getValues('preferred_payment');
    try {
      await save.mutateAsync({
        ...(billing ? { billing } : {}),
        payment: { preferred_payment: chosen === '' ? null : (chosen as PaymentMethod) },
      });
    } catch (error) {
      billingForm.applyServerErrors(error, 'data.billing.');
      preference.applyServerErrors(error, 'data.payment.');
      const placed =
        error instanceof ApiError &&
        (error.body?.errors ?? []).some((e) => /^data\.(billing|payment)\./.test(e.path));
      setRefusal(placed || !(error instanceof Error) ? null : error.message);
    }
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.reset();
    setRefusal(null);
    if (keep) void billingForm.handleSubmit((billing) => send(billing))();
    else void send(undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <BillingSection
        form={billingForm}
        open={keep}
        onOpenChange={setKeep}
        label={t('billing.keep')}
        hint={t('billing.offerHint')}
      />
      <SelectField
        label={t('billing.preferredPayment')}
        options={[
          { value: '', label: t('billing.noPreference') },
          ...config.payment_methods.map((method) => ({
            value: method,
            label: t(`payment.methods.${method}`),
          })),
        ]}
        error={preference.errorOf('preferred_payment')}
        {...preference.register('preferred_payment')}
      />
      {refusal ? (
        <p role="alert" className={styles.alert}>
          {refusal}
        </p>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className={styles.note}>
          {t('billing.saved')}
        </p>
      ) : null}
      <button type="submit" className={`${styles.button} ${styles.save}`} disabled={save.isPending}>
        {t('billing.save')}
      </button>
    </form>
  );
}

/**
 * customer/details: the logged-in customer's billing data and preferred
 * payment (GET client, POST clientupdate `{ data }`, spec 7), the ones the
 * checkout offers for the invoice.
 */
export default function DetailsPage() {
  const t = useT();
  const config = useConfig();
  usePageTitle(t('billing.detailsTitle'));
  const client = useClient(config.loggedIn);

  let body: React.ReactNode;
  if (!config.loggedIn) body = <LoginToContinue back={paths.customerDetails()} label={t('orders.login')} />;
  else if (client.isPending) body = <Loading />;
  else if (client.isError) body = <p role="alert">{t('errors.generic')}</p>;
  else body = <DetailsForm client={client.data} />;

  return (
    <section className={styles.page} aria-labelledby="details-title">
      <h1 id="details-title" className={styles.title}>
        {t('billing.detailsTitle')}
      </h1>
      <p className={styles.intro}>{t('billing.detailsIntro')}</p>
      {body}
    </section>
  );
}
