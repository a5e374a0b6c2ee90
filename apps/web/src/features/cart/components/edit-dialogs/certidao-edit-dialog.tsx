import {
  type CartItem,
  type CertificateForm,
  CertificateFormSchema,
  type CertificateMode,
  certificateMode,
  withCertificateMode,
} from '@shop/domain';
import { useState } from 'react';
import { Checkbox } from '../../../../shared/forms/checkbox.tsx';
import { RadioGroup } from '../../../../shared/forms/radio-group.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../../shared/forms/validation.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../../shared/ui/autocomplete.tsx';
import { type FreguesiaHit, searchFreguesias } from '../../../../shared/ui/autocomplete-search.ts';
import { useUpdateItem } from '../../hooks/use-update-item.ts';
import { certificateFormOf } from '../../utils/item-forms.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';

const FIELDS = [
  'distrito_concelho_freguesia',
  'forma_identificar_matricial',
  'tipo_rustica',
  'numero_artigo',
  'seccao',
  'num_ficha',
  'num_livro',
  'livro',
  'folhas',
  'prop_horizontal_fracao',
] as const;
type Field = (typeof FIELDS)[number];

const searchAllFreguesias = searchFreguesias('all');

/**
 * Edit Certidão Permanente (spec 2): 'Modificar ordem' with the location, the
 * identification mode ('Como deseja identificar o prédio?') and its fields, and
 * the horizontal-property unit. Switching mode clears the other modes' fields (spec 4).
 */
export default function CertidaoEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const [form, setForm] = useState<CertificateForm>(() => certificateFormOf(item));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [errorToken, setErrorToken] = useState(0);
  const update = useUpdateItem(item, onClose);
  const mode = certificateMode(form);

  const change = (patch: Partial<CertificateForm>, cleared: Field[] = Object.keys(patch) as Field[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of cleared) delete next[key];
      return next;
    });
  };
  const error = (field: Field) => update.serverErrors[field] || errorText(t, errors[field]);
  const text = (field: Field & keyof CertificateForm, label: string, hint?: string) => (
    <TextField
      label={label}
      name={field}
      value={String(form[field])}
      onChange={(event) => change({ [field]: event.target.value })}
      hint={hint}
      error={error(field)}
      autoComplete="off"
    />
  );

  const chooseMode = (next: CertificateMode) => {
    setForm((current) => withCertificateMode(current, next));
    setErrors({});
  };

  const submit = () => {
    const found = stepErrors(CertificateFormSchema, form, FIELDS);
    setErrors(found);
    if (hasErrors(found)) {
      setErrorToken((n) => n + 1);
      return;
    }
    void update.save(form);
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
        search={searchAllFreguesias}
        onSelect={(hit) => change({ distrito_concelho_freguesia: hit.label })}
        itemToText={(hit) => hit.label}
        error={error('distrito_concelho_freguesia')}
        required
      />
      <RadioGroup<CertificateMode>
        legend={t('editCertidao.mode')}
        name="forma_identificar"
        value={mode ?? ''}
        onChange={chooseMode}
        options={[
          { value: 'matricial', label: t('editCertidao.modeMatricial') },
          { value: 'ficha', label: t('editCertidao.modeFicha') },
          { value: 'livro', label: t('editCertidao.modeLivro') },
        ]}
        error={error('forma_identificar_matricial')}
        required
      />
      {mode === 'matricial' && (
        <>
          <RadioGroup<'rustica' | 'urbana'>
            legend={t('editCertidao.type')}
            name="tipo"
            value={form.tipo_rustica ? 'rustica' : form.tipo_urbana ? 'urbana' : ''}
            onChange={(type) =>
              change({ tipo_rustica: type === 'rustica', tipo_urbana: type === 'urbana' }, [
                'tipo_rustica',
                'seccao',
              ])
            }
            options={[
              { value: 'rustica', label: t('editCertidao.rustica') },
              { value: 'urbana', label: t('editCertidao.urbana') },
            ]}
            error={error('tipo_rustica')}
            required
          />
          {text('numero_artigo', t('editCertidao.article'))}
          {text('seccao', t('editCertidao.section'), t('editCertidao.sectionHelp'))}
        </>
      )}
      {mode === 'ficha' && text('num_ficha', t('editCertidao.ficha'))}
      {mode === 'livro' && (
        <>
          {text('num_livro', t('editCertidao.bookNumber'))}
          {text('livro', t('editCertidao.book'))}
          {text('folhas', t('editCertidao.sheets'))}
        </>
      )}
      <Checkbox
        label={t('editCertidao.horizontal')}
        name="prop_horizontal"
        checked={form.prop_horizontal}
        onChange={(event) =>
          change(
            event.target.checked
              ? { prop_horizontal: true }
              : { prop_horizontal: false, prop_horizontal_fracao: '' },
            ['prop_horizontal_fracao'],
          )
        }
      />
      {form.prop_horizontal &&
        text('prop_horizontal_fracao', t('editCertidao.unit'), t('editCertidao.unitHelp'))}
    </EditDialogShell>
  );
}
