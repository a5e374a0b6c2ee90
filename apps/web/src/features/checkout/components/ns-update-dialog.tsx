import { type NotaSimpleData, NotaSimpleDataSchema, type Pedido, type PedidoItem } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { addNsUpdateNow, updatePedidoNs } from '../../../shared/api/followups.ts';
import { TextArea } from '../../../shared/forms/text-area.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { useLeaveForCart } from '../hooks/use-leave-for-cart.ts';
import styles from './followups.module.css';

const FIELDS = ['nombre', 'direccion', 'municipio', 'provincia', 'otros_datos'] as const;
type Field = (typeof FIELDS)[number];

/** The address fields a Nota Simple request cannot go without, in the order the form shows them. */
const REQUIRED_FIELDS = ['direccion', 'municipio', 'provincia'] as const satisfies readonly Field[];

/** The Nota Simple data of the order item as bought (its stored wizard form). */
function boughtData(item: PedidoItem): NotaSimpleData {
  const form = item.form ?? {};
  const text = (key: Field) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  return {
    nombre: text('nombre'),
    direccion: text('direccion'),
    municipio: text('municipio'),
    provincia: text('provincia'),
    otros_datos: text('otros_datos'),
  };
}

/**
 * The Nota Simple update of an order over 60 days old (spec 5): the property's
 * data as bought, editable. Unchanged, the same request goes into the cart
 * (addactualizarnsahora); corrected, the corrected one (updatepedidoNS). The
 * old order is never changed.
 */
export function NsUpdateDialog({
  order,
  item,
  onClose,
}: {
  order: Pedido;
  item: PedidoItem;
  onClose: () => void;
}) {
  const t = useT();
  const leave = useLeaveForCart();
  const [initial] = useState(() => boughtData(item));
  const [data, setData] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (changed: boolean) =>
      changed ? updatePedidoNs(item.id, data) : addNsUpdateNow(order.order_id, item.id),
    onSuccess: (answer) => {
      onClose();
      leave({ added: [answer.item.id], skipped: [] });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.gaveUp) return;
      const fields = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([path, message]) => [path.replace(/^data\./, ''), message]),
      );
      setServerErrors({ ...fields, form: Object.keys(fields).length ? '' : error.message });
    },
  });

  const change = (field: Field, value: string) => setData((current) => ({ ...current, [field]: value }));
  const messageOf = (field: Field) => errorText(t, errors[field]) || serverErrors[field] || undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = stepErrors(NotaSimpleDataSchema, data, FIELDS);
    setErrors(found);
    setServerErrors({});
    if (hasErrors(found)) return;
    const changed = FIELDS.some((field) => (data[field] ?? '').trim() !== (initial[field] ?? '').trim());
    send.mutate(changed);
  };

  return (
    <Dialog open onClose={onClose} title={t('followups.nsUpdateTitle')} closeLabel={t('common.close')}>
      <form onSubmit={onSubmit} noValidate>
        <p>{t('followups.nsUpdateIntro')}</p>
        {serverErrors.form && <p role="alert">{serverErrors.form}</p>}
        <div className={styles.fields}>
          <TextField
            label={t('editNs.nombre')}
            name="nombre"
            value={data.nombre}
            onChange={(event) => change('nombre', event.target.value)}
            hint={t('editNs.nombreHelp')}
            optionalText={t('forms.optional')}
            error={messageOf('nombre')}
            autoComplete="off"
          />
          {REQUIRED_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`editNs.${field}`)}
              name={field}
              value={data[field]}
              onChange={(event) => change(field, event.target.value)}
              error={messageOf(field)}
              required
              autoComplete="off"
            />
          ))}
          <TextArea
            label={t('editNs.otrosDatos')}
            name="otros_datos"
            value={data.otros_datos ?? ''}
            onChange={(event) => change('otros_datos', event.target.value)}
            hint={t('editNs.otrosDatosHelp')}
            error={messageOf('otros_datos')}
            rows={3}
          />
        </div>
        <div className={styles.buttons}>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('followups.adding') : t('followups.addToCart')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
