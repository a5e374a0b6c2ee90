import { type CartItem, type NotaSimpleForm, NotaSimpleFormSchema } from '@shop/domain';
import { useState } from 'react';
import { TextArea } from '../../../../shared/forms/text-area.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../../shared/forms/validation.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../../shared/ui/autocomplete.tsx';
import { type MunicipalityHit, searchMunicipalities } from '../../../../shared/ui/autocomplete-search.ts';
import { useUpdateItem } from '../../hooks/use-update-item.ts';
import { notaSimpleFormOf } from '../../utils/item-forms.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';

const FIELDS = ['nombre', 'direccion', 'municipio', 'provincia', 'otros_datos'] as const;
type Field = (typeof FIELDS)[number];

/** Edit Nota Simple (spec 2): 'Modificar pedido' with owner, address, municipality and registry data. */
export default function NsEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const [form, setForm] = useState<NotaSimpleForm>(() => notaSimpleFormOf(item));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [errorToken, setErrorToken] = useState(0);
  const update = useUpdateItem(item, onClose);

  const change = (patch: Partial<NotaSimpleForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as Field];
      return next;
    });
  };
  const error = (field: Field) => update.serverErrors[field] || errorText(t, errors[field]);

  const submit = () => {
    // The owner may be left blank: then it is simply not known.
    const next = { ...form, conoce_nombre_propietario: form.nombre.trim() !== '' };
    const found = stepErrors(NotaSimpleFormSchema, next, FIELDS);
    // The province comes with the municipality: report it there.
    if (found.provincia && !found.municipio) found.municipio = found.provincia;
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
      <TextField
        label={t('editNs.nombre')}
        name="nombre"
        value={form.nombre}
        onChange={(event) => change({ nombre: event.target.value })}
        hint={t('editNs.nombreHelp')}
        optionalText={t('forms.optional')}
        error={error('nombre')}
        autoComplete="off"
      />
      <TextField
        label={t('editNs.direccion')}
        name="direccion"
        value={form.direccion}
        onChange={(event) => change({ direccion: event.target.value })}
        error={error('direccion')}
        required
        autoComplete="off"
      />
      <Autocomplete<MunicipalityHit>
        label={t('editNs.municipio')}
        name="municipio"
        value={form.municipio}
        search={searchMunicipalities}
        onSelect={(hit) => change({ municipio: hit.name, provincia: hit.province })}
        itemToText={(hit) => hit.name}
        hint={form.provincia ? `${t('editNs.provincia')}: ${form.provincia}` : undefined}
        error={error('municipio') || update.serverErrors.provincia}
        required
      />
      <TextArea
        label={t('editNs.otrosDatos')}
        name="otros_datos"
        value={form.otros_datos}
        onChange={(event) => change({ otros_datos: event.target.value })}
        hint={t('editNs.otrosDatosHelp')}
        error={error('otros_datos')}
        rows={3}
      />
    </EditDialogShell>
  );
}
