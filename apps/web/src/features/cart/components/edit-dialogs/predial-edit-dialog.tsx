import {
  type CartItem,
  formatEuros,
  PRODUCT_IDS,
  type SimplifiedReportForm,
  SimplifiedReportFormSchema,
} from '@shop/domain';
import { useConfig } from '../../../../shared/config/config-store.ts';
import { Checkbox } from '../../../../shared/forms/checkbox.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { useFixedPrice } from '../../../../shared/product-options/fixed-price.ts';
import { useFormEditDialog } from '../../hooks/use-edit-dialog.ts';
import { storedFixedForm } from '../../utils/stored-form.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';
import { FreguesiaField, HorizontalPropertyFields } from './predial-fields.tsx';

const FIELDS = ['distrito_concelho_freguesia', 'num_ficha', 'prop_horizontal_fracao'] as const;

/**
 * Edit the simplified report (spec 2): location, description number in ficha
 * (blank when the customer does not have it), horizontal-property unit, urgent.
 */
export default function PredialEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const { language } = useConfig();
  const price = useFixedPrice(PRODUCT_IDS.informacaoPredial);
  const { form, change, error, shell } = useFormEditDialog({
    item,
    onClose,
    initial: (): SimplifiedReportForm => storedFixedForm('i-predial-simplificada', item),
    schema: SimplifiedReportFormSchema,
    fields: FIELDS,
    prepare: (typed) => ({ ...typed, tiene_numero: typed.num_ficha.trim() !== '' }),
  });

  return (
    <EditDialogShell {...shell}>
      <FreguesiaField
        type="ips"
        value={form.distrito_concelho_freguesia}
        onChange={(value) => change({ distrito_concelho_freguesia: value })}
        error={error('distrito_concelho_freguesia')}
      />
      <TextField
        label={t('editCertidao.ficha')}
        name="num_ficha"
        value={form.num_ficha}
        onChange={(event) => change({ num_ficha: event.target.value })}
        optionalText={t('forms.optional')}
        error={error('num_ficha')}
        autoComplete="off"
      />
      <HorizontalPropertyFields form={form} change={change} error={error('prop_horizontal_fracao')} />
      <Checkbox
        label={
          price
            ? t('editCertidao.urgent', { price: formatEuros(price.urgentExtra, language) })
            : t('ipredial.urgent')
        }
        name="urgente"
        checked={form.urgente}
        onChange={(event) => change({ urgente: event.target.checked })}
      />
    </EditDialogShell>
  );
}
