import {
  allOptionsOf,
  chosenIds,
  formatSpecDate,
  type ItemOption,
  type Option,
  type OptionValues,
  type ProductDefinition,
  parseSpecDate,
} from '@shop/domain';

/** Names of uploaded files by id (file options store file ids). */
export type FileNames = ReadonlyMap<number, string>;

/** The file ids a file option's value names ('12' or '12,13'); null when it is not a list of ids. */
export function fileIdsOf(value: string): number[] | null {
  const ids = chosenIds(value);
  if (ids.length === 0 || !ids.every((id) => /^[1-9]\d{0,9}$/.test(id))) return null;
  return ids.map(Number);
}

function printValue(option: Option, value: string, files: FileNames): string {
  if (option.opt_values.length > 0) {
    const chosen = new Set(chosenIds(value));
    const names = option.opt_values.filter((v) => chosen.has(String(v.id))).map((v) => v.name);
    return names.length > 0 ? names.join(', ') : value;
  }
  if (option.type === 'date') {
    const date = parseSpecDate(value);
    return date ? formatSpecDate(date) : value;
  }
  if (option.type === 'file') {
    return (fileIdsOf(value) ?? []).map((id) => files.get(id) ?? `#${id}`).join(', ');
  }
  return value;
}

/**
 * One stored option of a cart item (DECISIONS.md "Payloads"): the raw value, the
 * chosen value id of a single choice (else null), the human-readable value and
 * the option's title as its label.
 */
export function itemOption(option: Option, value: string, files: FileNames = new Map()): ItemOption {
  const chosen = option.opt_values.length > 0 ? chosenIds(value) : [];
  return {
    option_id: option.option_id,
    value,
    option_value: chosen.length === 1 && /^\d+$/.test(chosen[0] ?? '') ? Number(chosen[0]) : null,
    print_value: printValue(option, value, files),
    label: option.title,
  };
}

/** The item options of every answered option, in definition order (wizard options, confirm questions, extras). */
export function itemOptions(
  definition: ProductDefinition,
  values: OptionValues,
  files: FileNames = new Map(),
): ItemOption[] {
  const options: ItemOption[] = [];
  for (const option of allOptionsOf(definition)) {
    const value = (values[option.option_id] ?? '').trim();
    if (value !== '') options.push(itemOption(option, value, files));
  }
  return options;
}
