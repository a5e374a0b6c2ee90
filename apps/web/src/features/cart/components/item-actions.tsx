import { type CartItem, isEditableProduct } from '@shop/domain';
import { useT } from '../../../shared/i18n/use-t.ts';
import styles from './cart.module.css';

export interface ItemActionsProps {
  item: CartItem;
  onEdit: (item: CartItem) => void;
  onRemove: (item: CartItem) => void;
  removing: boolean;
}

/** True when the cart offers 'Editar' for the item (the server's flag and the spec's rule: 18357 never). */
export function canEditItem(item: CartItem): boolean {
  return item.editable && isEditableProduct(item.product_id);
}

/** 'Editar' (where editable) and the remove link of one cart item. */
export function ItemActions({ item, onEdit, onRemove, removing }: ItemActionsProps) {
  const t = useT();
  const name = item.product_name;
  return (
    <span className={styles.actions}>
      {canEditItem(item) && (
        <button
          type="button"
          className={styles.link}
          aria-label={t('cart.editItem', { name })}
          onClick={() => onEdit(item)}
        >
          {t('common.edit')}
        </button>
      )}
      <button
        type="button"
        className={styles.link}
        aria-label={t('cart.removeItem', { name })}
        disabled={removing}
        onClick={() => onRemove(item)}
      >
        {t('common.remove')}
      </button>
    </span>
  );
}
