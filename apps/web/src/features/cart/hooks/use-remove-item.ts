import type { CartItem } from '@shop/domain';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { getCart, removeCartItem } from '../../../shared/api/cart.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';

/**
 * Removes cart items with delquoteitem. The answer's configuration replaces the
 * stored one (the client does it), so every cart view updates. An item already
 * gone (404) reloads the cart instead of showing an error.
 */
export function useRemoveItem() {
  const t = useT();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const remove = async (item: CartItem): Promise<boolean> => {
    setPending((ids) => new Set(ids).add(item.id));
    try {
      const answer = await removeCartItem(item.id);
      if (answer.ok) showSnackbar({ message: t('cart.removed', { name: item.product_name }) });
      else if (answer.message) showSnackbar({ message: answer.message });
      return answer.ok;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) await getCart().catch(() => undefined);
      else if (error instanceof ApiError && !error.gaveUp && error.body?.message)
        showSnackbar({ message: error.body.message });
      return false;
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(item.id);
        return next;
      });
    }
  };

  return { remove, isRemoving: (item: CartItem) => pending.has(item.id) };
}
