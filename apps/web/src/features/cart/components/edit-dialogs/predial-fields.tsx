import type { FreguesiaHit } from '@shop/domain';
import { Checkbox } from '../../../../shared/forms/checkbox.tsx';
import { TextField } from '../../../../shared/forms/text-field.tsx';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Autocomplete } from '../../../../shared/ui/autocomplete.tsx';
import { searchFreguesias } from '../../../../shared/ui/autocomplete-search.ts';

const SEARCHES = { all: searchFreguesias('all'), ips: searchFreguesias('ips') };

/**
 * The property's freguesia ('distrito / concelho / freguesia'), picked from
 * freguesias.php of `type`: 'all' (2013 names too) or 'ips' (current only).
 */
export function FreguesiaField({
  type,
  value,
  onChange,
  error,
}: {
  type: keyof typeof SEARCHES;
  value: string;
  onChange: (value: string) => void;
  error: string;
}) {
  const t = useT();
  return (
    <Autocomplete<FreguesiaHit>
      label={t('editCertidao.location')}
      name="distrito_concelho_freguesia"
      value={value}
      search={SEARCHES[type]}
      onSelect={(hit) => onChange(hit.label)}
      itemToText={(hit) => hit.label}
      error={error}
      required
    />
  );
}

interface HorizontalFields {
  prop_horizontal: boolean;
  prop_horizontal_fracao: string;
}

/** In horizontal property? and then the unit; unticking clears the unit. */
export function HorizontalPropertyFields({
  form,
  change,
  error,
}: {
  form: HorizontalFields;
  change: (patch: Partial<HorizontalFields>) => void;
  /** The unit's message. */
  error: string;
}) {
  const t = useT();
  return (
    <>
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
          error={error}
          autoComplete="off"
        />
      )}
    </>
  );
}
