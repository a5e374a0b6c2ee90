import { INCIDENT_OPTION, IncidentAnswerTextSchema, OrderIdSchema } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import * as z from 'zod/mini';
import { ApiError } from '../../../shared/api/api-error.ts';
import { pedido, uploadForm } from '../../../shared/api/orders.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextArea } from '../../../shared/forms/text-area.tsx';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { FileOption } from '../../../shared/product-options/file-option.tsx';
import type { KnownFiles } from '../../../shared/product-options/option-rules.ts';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';

/**
 * product/form/{form_id}/{order_id} (spec 2): the incident form of one of the
 * customer's orders. It shows the operator's message (GET pedidos?id=), takes
 * the answer and files (pushFilesToPedido/?order_id=) and sends them with
 * uploadForm (json_form: the form shown, json_values: the generic form's
 * values); the order then goes back to 'En tramitación'.
 */
export default function IncidentFormPage() {
  const t = useT();
  const config = useConfig();
  const params = useParams<{ formId: string; orderId: string }>();
  const orderId = z.safeParse(OrderIdSchema, params.orderId ?? '').success ? (params.orderId ?? '') : '';
  const formId = /^[1-9]\d{0,9}$/.test(params.formId ?? '') ? Number(params.formId) : 0;
  usePageTitle(t('incidentForm.title', { orderId }));
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: ['pedidos', orderId],
    queryFn: () => pedido(orderId),
    enabled: config.loggedIn && orderId !== '' && formId > 0,
  });
  const [answer, setAnswer] = useState('');
  const [fileIds, setFileIds] = useState('');
  const [known, setKnown] = useState<KnownFiles>({});
  const [answerError, setAnswerError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      uploadForm(
        formId,
        orderId,
        { form_id: formId, order_id: orderId, options: [INCIDENT_OPTION.answer, INCIDENT_OPTION.files] },
        [
          { option_id: INCIDENT_OPTION.answer, product_id: 0, type: 'area', value: answer },
          { option_id: INCIDENT_OPTION.files, product_id: 0, type: 'file', value: fileIds },
        ],
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pedidos'] }),
  });

  const title = t('incidentForm.title', { orderId });
  const back = (
    <p>
      <Link href={paths.customerOrders()}>{t('incidentForm.back')}</Link>
    </p>
  );
  const page = (body: React.ReactNode) => (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {body}
    </section>
  );

  // The mailed link brings a logged-out customer here: back to this form after logging in.
  if (!config.loggedIn)
    return page(<LoginToContinue back={paths.incidentForm(formId, orderId)} label={t('orders.login')} />);
  if (send.isSuccess)
    return page(
      <>
        <p role="status">{t('incidentForm.sent')}</p>
        {back}
      </>,
    );
  if (order.isPending && orderId && formId) return page(<Loading label={t('orders.loading')} />);
  const incident = order.data?.incident;
  if (!incident || incident.form_id !== formId)
    return page(
      <>
        <p role="alert" className={styles.alert}>
          {t('incidentForm.closed')}
        </p>
        {back}
      </>,
    );

  const onNext = () => {
    const checked = z.safeParse(IncidentAnswerTextSchema, answer);
    if (!checked.success) {
      setAnswerError(t('validation.required'));
      return;
    }
    setAnswerError(null);
    send.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors['json_values.answer'])
          setAnswerError(error.fieldErrors['json_values.answer'] ?? null);
      },
    });
  };
  const refused =
    send.error instanceof ApiError && !send.error.gaveUp && !send.error.fieldErrors['json_values.answer']
      ? send.error.message
      : null;

  return (
    <StepLayout title={title} onNext={onNext} nextLabel={t('incidentForm.submit')} busy={send.isPending}>
      <p>{t('incidentForm.intro')}</p>
      <blockquote className={styles.incidentMessage}>{incident.message}</blockquote>
      {refused ? (
        <p role="alert" className={styles.alert}>
          {refused}
        </p>
      ) : null}
      <TextArea
        label={t('incidentForm.answer')}
        name="answer"
        value={answer}
        maxLength={5000}
        error={answerError}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <FileOption
        optionId={INCIDENT_OPTION.files}
        orderId={orderId}
        label={t('incidentForm.files')}
        value={fileIds}
        onChange={setFileIds}
        files={known}
        onUploaded={(files) =>
          setKnown((before) => ({ ...before, ...Object.fromEntries(files.map((f) => [f.id, f])) }))
        }
      />
    </StepLayout>
  );
}
