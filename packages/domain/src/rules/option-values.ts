/**
 * The answers of a product form as a map option_id -> value. Values are strings as
 * the forms send them; a missing key and '' both mean "no value".
 */
export type OptionValues = Readonly<Record<number, string | undefined>>;

/** The value of an option, '' when it has none. */
export function optionValue(values: OptionValues, optionId: number): string {
  return values[optionId] ?? '';
}

/** True when the option has a non-blank value. */
export function hasValue(values: OptionValues, optionId: number): boolean {
  return optionValue(values, optionId).trim() !== '';
}

/** Builds the map from a form's value list (later entries win). */
export function valuesFromList(
  list: ReadonlyArray<{ option_id: number; value: string }>,
): Record<number, string> {
  const values: Record<number, string> = {};
  for (const entry of list) values[entry.option_id] = entry.value;
  return values;
}

/**
 * The chosen opt_value ids of an option value. Choice options store the chosen
 * opt_value id; a multiple choice stores the ids comma-separated.
 */
export function chosenIds(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
