import type { CartItem } from '@shop/domain';
import { useState } from 'react';
import { errorText, type FieldErrors, hasErrors, stepErrors } from '../../../shared/forms/validation.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import type { EditDialogShellProps } from '../components/edit-dialogs/edit-dialog-shell.tsx';
import { useUpdateItem } from './use-update-item.ts';

type ShellProps = Omit<EditDialogShellProps, 'children'>;

/**
 * What every edit dialog shares: the save call (useUpdateItem) and the shell's
 * props, whose focus token moves on each refused submit and each failed save.
 */
export function useEditDialog(item: CartItem, onClose: () => void) {
  const t = useT();
  const update = useUpdateItem(item, onClose);
  const [refusals, setRefusals] = useState(0);
  return {
    save: update.save,
    serverErrors: update.serverErrors,
    /** A submit stopped by the dialog's own checks: focus goes to the first invalid field. */
    refuse: () => setRefusals((n) => n + 1),
    shell: (onSubmit: () => void): ShellProps => ({
      title: t('cart.editOrder'),
      onClose,
      onSubmit,
      saving: update.saving,
      failure: update.failure,
      errorToken: refusals + update.failures,
    }),
  };
}

interface FormEditOptions<T extends object, K extends keyof T & string> {
  item: CartItem;
  onClose: () => void;
  /** The item's answers as the form. */
  initial: () => T;
  /** The domain's whole-form schema (the server's check too). */
  schema: Parameters<typeof stepErrors>[0];
  /** The fields the dialog shows. */
  fields: readonly K[];
  /** The form as sent: flags derived from what was typed. */
  prepare?: (form: T) => T;
  /** Moves a found error to the field that shows it. */
  place?: (errors: FieldErrors<K>) => void;
}

/**
 * A fixed product's edit dialog: its form, the errors of its fields (the
 * domain schema's, cleared as the customer changes a field; the server's per
 * field after a 400), and the shell's props; 'Actualizar' saves when the
 * fields are valid.
 */
export function useFormEditDialog<T extends object, K extends keyof T & string>({
  item,
  onClose,
  initial,
  schema,
  fields,
  prepare = (form) => form,
  place,
}: FormEditOptions<T, K>) {
  const t = useT();
  const dialog = useEditDialog(item, onClose);
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const submit = () => {
    const next = prepare(form);
    const found = stepErrors(schema, next, fields);
    place?.(found);
    setErrors(found);
    if (hasErrors(found)) dialog.refuse();
    else void dialog.save(next);
  };

  return {
    form,
    /** Merges `patch` and clears the errors of `cleared` (by default the patched fields). */
    change: (patch: Partial<T>, cleared: readonly string[] = Object.keys(patch)) => {
      setForm((current) => ({ ...current, ...patch }));
      setErrors((current) => {
        const next = { ...current };
        for (const key of cleared) delete next[key as K];
        return next;
      });
    },
    /** Replaces the form (e.g. a switch that clears other fields) and clears every error. */
    replace: (next: (current: T) => T) => {
      setForm(next);
      setErrors({});
    },
    /** The message of `field`: the server's, else the store language's text of its code. */
    error: (field: K) => dialog.serverErrors[field] || errorText(t, errors[field]),
    serverErrors: dialog.serverErrors,
    shell: dialog.shell(submit),
  };
}
