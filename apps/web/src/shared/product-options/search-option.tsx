import type { OptionType } from '@shop/domain';
import { Autocomplete } from '../ui/autocomplete.tsx';
import { searchCompanies, searchFreguesias, searchMunicipalities } from '../ui/autocomplete-search.ts';
import type { OptionControlProps } from './option-rules.ts';

export type SearchOptionType = Extract<OptionType, 'municipio' | 'municipio_ce' | 'freguesia' | 'sociedad'>;

export interface SearchOptionProps extends OptionControlProps {
  type: SearchOptionType;
  name: string;
  required: boolean;
}

const searchFreguesiasAll = searchFreguesias('all');

/**
 * municipio and municipio_ce: a Spanish municipality picked from registros.php,
 * kept as 'Name (Province)' so namesakes stay apart; freguesia: a Portuguese
 * parish from freguesias.php ('distrito / concelho / freguesia'); sociedad: a
 * company from sociedad.php, or any name typed when it is not listed.
 */
export function SearchOption({ type, ...field }: SearchOptionProps) {
  if (type === 'sociedad') {
    return (
      <Autocomplete
        {...field}
        search={searchCompanies}
        allowFreeText
        itemToText={(item) => item.value}
        onSelect={(item) => field.onChange(item.value)}
      />
    );
  }
  if (type === 'freguesia') {
    return (
      <Autocomplete
        {...field}
        search={searchFreguesiasAll}
        itemToText={(item) => item.label}
        onSelect={(item) => field.onChange(item.label)}
      />
    );
  }
  return (
    <Autocomplete
      {...field}
      search={searchMunicipalities}
      itemToText={(item) => item.label}
      onSelect={(item) => field.onChange(item.label)}
    />
  );
}
