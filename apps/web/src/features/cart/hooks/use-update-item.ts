import type { CartItem } from '@shop/domain';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { updateCartItem } from '../../../shared/api/cart.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';

/** Server field errors keyed by form field ('form.direccion' -> 'direccion'), already translated. */
export type ServerErrors = Record<string, string>;

/**
 * Posts updatequoteitem?id= with the edited form. On success the answer's
 * configuration has replaced the stored one (the cart menu and list re-render)
 * and `onDone` runs; a 400 gives per-field messages; other failures a message
 * shown inside the dialog (the page's snackbar sits behind the modal).
 */
export function useUpdateItem(item: CartItem, onDone: () => void) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [failure, setFailure] = useState('');
  /** Counts failed saves, so the dialog can move focus to the first invalid field each time. */
  const [failures, setFailures] = useState(0);

  const save = async (form: object) => {
    setSaving(true);
    setServerErrors({});
    setFailure('');
    try {
      const answer = await updateCartItem(item.id, form);
      if (!answer.ok) {
        setFailure(answer.message || t('errors.generic'));
        return;
      }
      showSnackbar({ message: t('cart.updated', { name: item.product_name }) });
      onDone();
    } catch (error) {
      const fields: ServerErrors = {};
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fieldErrors))
          fields[path.replace(/^form\./, '')] = message;
      }
      setServerErrors(fields);
      setFailures((n) => n + 1);
      const general = error instanceof ApiError && !error.gaveUp ? error.body?.message : undefined;
      setFailure(Object.keys(fields).length > 0 ? '' : general || t('errors.generic'));
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, serverErrors, failure, failures };
}
