import { type CartItem, formatEuros } from '@shop/domain';
import { type Ref, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { removeCartItem } from '../../../shared/api/cart.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { DeliveryPromise } from '../../../shared/ui/delivery-promise.tsx';
import { useItemEditor } from '../hooks/use-item-editor.tsx';
import { useRemoveItem } from '../hooks/use-remove-item.ts';
import { hasLocatedProperty, itemDetails, itemsToCancel } from '../utils/cart-items.ts';
import styles from './cart.module.css';
import { ItemActions, type ItemActionsProps } from './item-actions.tsx';

type Actions = Omit<ItemActionsProps, 'item' | 'removing'> & { isRemoving: (item: CartItem) => boolean };

function ItemRow({ item, actions, child = false }: { item: CartItem; actions: Actions; child?: boolean }) {
  const { language } = useConfig();
  const details = itemDetails(item);
  const Name = child ? 'h3' : 'h2';
  return (
    <li className={styles.item} data-item-id={item.id}>
      <div className={styles.itemHead}>
        <Name className={styles.itemName}>{item.product_name}</Name>
        <span className={styles.price}>{formatEuros(item.current_price, language)}</span>
      </div>
      {details.length > 0 && (
        <ul className={styles.details}>
          {details.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the item's options in order
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <DeliveryPromise at={item.promised_at} className={styles.promise} />
      <ItemActions item={item} {...actions} removing={actions.isRemoving(item)} />
      {item.childs.length > 0 && (
        <ol className={styles.children}>
          {item.childs.map((child) => (
            <ItemRow key={child.id} item={child} actions={actions} child />
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * The cart list (spec 2 "Cart list"): 'Este es tu pedido:', the items in order
 * with their details, price, 'Editar' and remove, the total, 'Cancelar pedido'
 * when a located property is in the cart, and the way on to checkout.
 */
export function CartList({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const { cart, language, loggedIn } = useConfig();
  const t = useT();
  const [, navigate] = useLocation();
  const editor = useItemEditor();
  const removal = useRemoveItem();
  const [cancelling, setCancelling] = useState(false);
  const actions: Actions = { onEdit: editor.edit, onRemove: removal.remove, isRemoving: removal.isRemoving };

  const cancelOrder = async () => {
    setCancelling(true);
    try {
      for (const item of itemsToCancel(cart.items)) await removeCartItem(item.id);
      navigate(withSearch(paths.services(), window.location.search));
    } catch {
      // The client has shown the generic message; the cart is as the server left it.
      setCancelling(false);
    }
  };

  return (
    <section className={styles.cart} aria-labelledby="cart-heading">
      <h1 id="cart-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('cart.heading')}
      </h1>
      {cart.items.length === 0 ? (
        <p>{t('cart.empty')}</p>
      ) : (
        <>
          <ol className={styles.list}>
            {cart.items.map((item) => (
              <ItemRow key={item.id} item={item} actions={actions} />
            ))}
          </ol>
          <p className={styles.total}>
            <span>{t('cart.total')}</span>
            <span className={styles.price} data-testid="cart-total">
              {formatEuros(cart.total, language)}
            </span>
          </p>
        </>
      )}
      <div className={styles.buttons}>
        {hasLocatedProperty(cart.items) && (
          <Button variant="secondary" onClick={cancelOrder} disabled={cancelling}>
            {t('cart.cancelOrder')}
          </Button>
        )}
        <Link href={paths.services()} className={styles.secondaryLink}>
          {t('cart.addMore')}
        </Link>
        {cart.items.length > 0 && (
          <Link href={paths.buy(loggedIn)} className={styles.buy}>
            {t('cart.checkout')}
          </Link>
        )}
      </div>
      {editor.dialog}
    </section>
  );
}
