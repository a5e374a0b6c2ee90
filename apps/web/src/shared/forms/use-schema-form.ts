import { zodResolver } from '@hookform/resolvers/zod';
import { isValidationCode } from '@shop/domain';
import { type DefaultValues, type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ApiError } from '../api/api-error.ts';
import { useT } from '../i18n/use-t.ts';
import { errorText } from './validation.ts';

/**
 * react-hook-form over a domain schema (lazy routes only: it is not in the
 * entry chunk). The schema's messages are validation codes; `errorOf(name)`
 * gives the store language's text, so the browser shows the server's words
 * for the same rule. `applyServerErrors` puts a 400's field errors
 * (`form.email` or `email`) on the fields and returns the ones it could not place.
 */
export function useSchemaForm<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any zod schema whose input is the form's values
  schema: z.ZodMiniType<any, T>,
  defaultValues: DefaultValues<T>,
  options: Omit<UseFormProps<T>, 'resolver' | 'defaultValues'> = {},
) {
  const t = useT();
  const form = useForm<T>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    defaultValues,
    resolver: zodResolver(schema),
  });

  const errorOf = (name: Path<T>): string | undefined => {
    const parts = name.split('.');
    // biome-ignore lint/suspicious/noExplicitAny: walking react-hook-form's nested error object
    let node: any = form.formState.errors;
    for (const part of parts) node = node?.[part];
    const message: unknown = node?.message;
    if (typeof message !== 'string' || message === '') return undefined;
    return isValidationCode(message) ? errorText(t, message) : message;
  };

  const applyServerErrors = (error: unknown, prefix = 'form.'): string[] => {
    if (!(error instanceof ApiError)) return [];
    const unplaced: string[] = [];
    const names = Object.keys(form.getValues());
    for (const { path, message } of error.body?.errors ?? []) {
      const name = path.startsWith(prefix) ? path.slice(prefix.length) : path;
      if (names.includes(name.split('.')[0] ?? '')) {
        form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
      } else {
        unplaced.push(message);
      }
    }
    return unplaced;
  };

  return { ...form, errorOf, applyServerErrors };
}
