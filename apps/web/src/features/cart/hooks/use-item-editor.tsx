import type { CartItem } from '@shop/domain';
import { useState } from 'react';
import { EditItemDialog } from '../components/edit-dialogs/edit-item-dialog.tsx';

/** Which item's edit dialog is open; `dialog` is rendered by the caller where it likes. */
export function useItemEditor() {
  const [item, setItem] = useState<CartItem | null>(null);
  return {
    edit: setItem,
    dialog: item ? <EditItemDialog key={item.id} item={item} onClose={() => setItem(null)} /> : null,
  };
}
