import type { ValidationCode } from '@shop/domain';
import { isValidationCode } from '@shop/domain';
import type { TFunction } from '@shop/domain/i18n';

/** The parts of a zod (mini) schema's safeParse the step checks need. */
interface SafeParser {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

export type FieldErrors<K extends string = string> = Partial<Record<K, ValidationCode>>;

/**
 * Runs the domain's whole-form schema and keeps the first error of each of
 * `fields`: one schema for the browser and the server, checked step by step.
 * The domain's cross-field rules run even when other fields are blank (zod's
 * `when`); `filler` still lets a step stand in a value for a blank field of a
 * later step (e.g. { municipio: '-' }) so that no rule reads it as missing.
 * Errors of fields outside `fields` are never reported here.
 */
export function stepErrors<K extends string>(
  schema: SafeParser,
  form: object,
  fields: readonly K[],
  filler: Readonly<Record<string, unknown>> = {},
): FieldErrors<K> {
  const merged: Record<string, unknown> = { ...form };
  for (const [key, value] of Object.entries(filler)) {
    const blank = merged[key] === '' || merged[key] === null || merged[key] === undefined;
    if (blank && !fields.includes(key as K)) merged[key] = value;
  }
  const result = schema.safeParse(merged);
  const errors: FieldErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '') as K;
    if (!fields.includes(field) || errors[field]) continue;
    errors[field] = isValidationCode(issue.message) ? issue.message : 'invalid_value';
  }
  return errors;
}

/** True when no field has an error. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The catalogue key of a validation code: 'choose_one' -> 'validation.chooseOne' (a '_one' key would read as a plural). */
export function validationKey<C extends ValidationCode>(code: C): `validation.${CamelCase<C>}` {
  return `validation.${code.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}` as `validation.${CamelCase<C>}`;
}

/** The store language's text of a validation code ('' for none). */
export function errorText(t: TFunction, code: ValidationCode | null | undefined): string {
  return code ? t(validationKey(code)) : '';
}
