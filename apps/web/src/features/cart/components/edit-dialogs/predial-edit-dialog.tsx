import {
  type CartItem,
  formatEuros,
  PRICES,
  type SimplifiedReportForm,
  SimplifiedReportFormSchema,
} from '@shop/domain';
import { useState } from 'react';
import { useConfig } from '../../../../shared/config/config-store.ts';
import { Checkbox } from '../../../../shared/forms/checkbox.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../../shared/forms/validation.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../../shared/ui/autocomplete.tsx';
import { type FreguesiaHit, searchFreguesias } from '../../../../shared/ui/autocomplete-search.ts';
import { useUpdateItem } from '../../hooks/use-update-item.ts';
import { simplifiedReportFormOf } from '../../utils/item-forms.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';

const FIELDS = ['distrito_concelho_freguesia', 'num_ficha', 'prop_horizontal_fracao'] as const;
type Field = (typeof FIELDS)[number];

const searchIpsFreguesias = searchFreguesias('ips');

/**
 * Edit the simplified report (spec 2): location, description number in ficha
 * (blank when the customer does not have it), horizontal-property unit, urgent.
 */
export default function PredialEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const { language } = useConfig();
  const [form, setForm] = useState<SimplifiedReportForm>(() => simplifiedReportFormOf(item));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [errorToken, setErrorToken] = useState(0);
  const update = useUpdateItem(item, onClose);

  const change = (patch: Partial<SimplifiedReportForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as Field];
      return next;
    });
  };
  const error = (field: Field) => update.serverErrors[field] || errorText(t, errors[field]);

  const submit = () => {
    const next = { ...form, tiene_numero: form.num_ficha.trim() !== '' };
    const found = stepErrors(SimplifiedReportFormSchema, next, FIELDS);
    setErrors(found);
    if (hasErrors(found)) {
      setErrorToken((n) => n + 1);
      return;
    }
    void update.save(next);
  };

  return (
    <EditDialogShell
      title={t('cart.editOrder')}
      onClose={onClose}
      onSubmit={submit}
      saving={update.saving}
      failure={update.failure}
      errorToken={errorToken + update.failures}
    >
      <Autocomplete<FreguesiaHit>
        label={t('editCertidao.location')}
        name="distrito_concelho_freguesia"
        value={form.distrito_concelho_freguesia}
        search={searchIpsFreguesias}
        onSelect={(hit) => change({ distrito_concelho_freguesia: hit.label })}
        itemToText={(hit) => hit.label}
        error={error('distrito_concelho_freguesia')}
        required
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
      <Checkbox
        label={t('editCertidao.horizontal')}
        name="prop_horizontal"
        checked={form.prop_horizontal}
        onChange={(event) =>
          change(
            event.target.checked
              ? { prop_horizontal: true }
              : { prop_horizontal: false, prop_horizontal_fracao: '' },
          )
        }
      />
      {form.prop_horizontal && (
        <TextField
          label={t('editCertidao.unit')}
          name="prop_horizontal_fracao"
          value={form.prop_horizontal_fracao}
          onChange={(event) => change({ prop_horizontal_fracao: event.target.value })}
          hint={t('editCertidao.unitHelp')}
          error={error('prop_horizontal_fracao')}
          autoComplete="off"
        />
      )}
      <Checkbox
        label={t('editCertidao.urgent', {
          price: formatEuros(PRICES.informacaoPredialUrgentExtra, language),
        })}
        name="urgente"
        checked={form.urgente}
        onChange={(event) => change({ urgente: event.target.checked })}
      />
    </EditDialogShell>
  );
}
