import { type CartItem, type MunicipalityHit, type NotaSimpleForm, NotaSimpleFormSchema } from '@shop/domain';
import { TextArea } from '../../../../shared/forms/text-area.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../../shared/ui/autocomplete.tsx';
import { searchMunicipalities } from '../../../../shared/ui/autocomplete-search.ts';
import { useFormEditDialog } from '../../hooks/use-edit-dialog.ts';
import { storedFixedForm } from '../../utils/stored-form.ts';
import { EditDialogShell } from './edit-dialog-shell.tsx';

const FIELDS = ['nombre', 'direccion', 'municipio', 'provincia', 'otros_datos'] as const;

/** Edit Nota Simple (spec 2): 'Modificar pedido' with owner, address, municipality and registry data. */
export default function NsEditDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const t = useT();
  const { form, change, error, serverErrors, shell } = useFormEditDialog({
    item,
    onClose,
    initial: (): NotaSimpleForm => storedFixedForm('nota-simple', item),
    schema: NotaSimpleFormSchema,
    fields: FIELDS,
    // The owner may be left blank: then it is simply not known.
    prepare: (typed) => ({ ...typed, conoce_nombre_propietario: typed.nombre.trim() !== '' }),
    // The province comes with the municipality: report it there.
    place: (found) => {
      if (found.provincia && !found.municipio) found.municipio = found.provincia;
    },
  });

  return (
    <EditDialogShell {...shell}>
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
        error={error('municipio') || serverErrors.provincia}
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
