import { cartLines, formatEuros } from '@shop/domain';
import { Link } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { useItemEditor } from '../hooks/use-item-editor.tsx';
import { useRemoveItem } from '../hooks/use-remove-item.ts';
import styles from './cart.module.css';
import menuStyles from './cart-menu.module.css';
import { ItemActions } from './item-actions.tsx';

export interface CartMenuPanelProps {
  id: string;
  /** Called when a link in the menu leaves the page. */
  onNavigate: () => void;
}

/** The cart menu's list (lazy): each item with its price, 'Editar', remove, the total and the buy button. */
export default function CartMenuPanel({ id, onNavigate }: CartMenuPanelProps) {
  const { cart, language, loggedIn } = useConfig();
  const t = useT();
  const editor = useItemEditor();
  const removal = useRemoveItem();
  const titleId = `${id}-title`;

  return (
    <section id={id} className={menuStyles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.menuTitle}>
        {t('cart.menuTitle')}
      </h2>
      <ul className={styles.menuList}>
        {cartLines(cart.items).map((item) => (
          <li key={item.id} className={styles.menuItem}>
            <span className={styles.itemName}>{item.product_name}</span>
            <span className={styles.price}>{formatEuros(item.current_price, language)}</span>
            <ItemActions
              item={item}
              onEdit={editor.edit}
              onRemove={removal.remove}
              removing={removal.isRemoving(item)}
            />
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>{t('cart.total')}</span>
        <span className={styles.price}>{formatEuros(cart.total, language)}</span>
      </p>
      <Link href={paths.buy(loggedIn)} className={styles.buy} onClick={onNavigate}>
        {t('cart.checkout')}
      </Link>
      {editor.dialog}
    </section>
  );
}
