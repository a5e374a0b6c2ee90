import {
  type CartItem,
  type CertificateForm,
  CertificateFormSchema,
  type CertificateMode,
  certificateMode,
  withCertificateMode,
} from '@shop/domain';
import { RadioGroup } from '../../../../shared/forms/radio-group.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { useFormEditDialog } from '../../hooks/use-edit-dialog.ts';
import { storedFixedForm } from '../../utils/stored-form.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';
import { FreguesiaField, HorizontalPropertyFields } from './predial-fields.tsx';

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

/**
 * Edit Certidão Permanente (spec 2): 'Modificar ordem' with the location, the
 * identification mode ('Como deseja identificar o prédio?') and its fields, and
 * the horizontal-property unit. Switching mode clears the other modes' fields (spec 4).
 */
export default function CertidaoEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const { form, change, replace, error, shell } = useFormEditDialog({
    item,
    onClose,
    initial: (): CertificateForm => storedFixedForm('certidao-permanente', item),
    schema: CertificateFormSchema,
    fields: FIELDS,
  });
  const mode = certificateMode(form);
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

  return (
    <EditDialogShell {...shell}>
      <FreguesiaField
        type="all"
        value={form.distrito_concelho_freguesia}
        onChange={(value) => change({ distrito_concelho_freguesia: value })}
        error={error('distrito_concelho_freguesia')}
      />
      <RadioGroup<CertificateMode>
        legend={t('editCertidao.mode')}
        name="forma_identificar"
        value={mode ?? ''}
        onChange={(next) => replace((current) => withCertificateMode(current, next))}
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
      <HorizontalPropertyFields form={form} change={change} error={error('prop_horizontal_fracao')} />
    </EditDialogShell>
  );
}
