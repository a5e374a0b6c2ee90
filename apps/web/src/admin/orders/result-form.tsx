import type { OrderDetail } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { dateTime } from '../format.ts';
import { attachResult, refreshOrders } from './queries.ts';

/**
 * The result document of one item, mailed to the customer. Once sent the form
 * empties and says what was sent (so it is not sent twice); the documents
 * already sent are listed above it, and sending another asks for it knowingly.
 */
export function ResultForm({
  orderId,
  itemId,
  sent,
}: {
  orderId: string;
  itemId: number;
  sent: OrderDetail['files'];
}) {
  const { register, handleSubmit, reset, formState } = useForm<{ file: FileList | null }>({
    defaultValues: { file: null },
  });
  const attach = useMutation({
    mutationFn: attachResult,
    onSuccess: () => {
      reset();
      // The confirmation shows at once; the order is read again behind it.
      void refreshOrders();
    },
  });
  const submit = handleSubmit(({ file }) => {
    const chosen = file?.[0];
    if (chosen) attach.mutate({ orderId, itemId, file: chosen });
  });
  const fileName = attach.variables?.file.name ?? '';

  return (
    <form onSubmit={submit} aria-label={`Documento resultado del artículo ${itemId}`}>
      {sent.length > 0 && (
        <p>Ya enviado al cliente: {sent.map((f) => `${f.name} (${dateTime(f.created_at)})`).join(', ')}.</p>
      )}
      <label className={styles.field}>
        {sent.length > 0 ? 'Otro documento resultado (PDF)' : 'Documento resultado (PDF)'}
        <input
          type="file"
          accept="application/pdf"
          {...register('file', {
            validate: (files) => (files?.length ?? 0) > 0 || 'Elija el documento PDF.',
          })}
        />
      </label>
      {formState.errors.file && <p className={styles.error}>{formState.errors.file.message}</p>}
      <Button type="submit" variant="secondary" disabled={attach.isPending}>
        {sent.length > 0 ? 'Adjuntar otro y enviar al cliente' : 'Adjuntar y enviar al cliente'}
      </Button>
      {attach.isPending && <p aria-live="polite">Enviando…</p>}
      {attach.isSuccess && (
        <output className={styles.notice}>
          Documento «{fileName}» adjuntado y enviado al cliente por correo.
        </output>
      )}
      {attach.isError && (
        <p role="alert" className={styles.error}>
          {errorText(attach.error)}
        </p>
      )}
    </form>
  );
}
