import { useEffect, useRef } from 'react';
import styles from './cart.module.css';
import { CartList } from './cart-list.tsx';

/**
 * cart: the cart list on its own page ('Este es tu pedido:'). payment/quote/{quote_id}
 * brings the customer here with the located properties the back office found:
 * each under the 18324 request at its price, 'Tramitar pedido' to the normal
 * checkout, or 'Cancelar pedido', which removes the request and goes to servicios.
 */
export default function CartPage() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={styles.cart}>
      <CartList headingRef={headingRef} />
    </div>
  );
}
