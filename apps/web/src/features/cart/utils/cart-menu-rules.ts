/** Routes under customer/ (register, authenticate, payment, checkout). */
export function isCustomerRoute(pathname: string): boolean {
  return pathname === '/customer' || pathname.startsWith('/customer/');
}

/**
 * Spec 2 "Header" and spec 9: the cart menu is hidden when the cart has fewer
 * than 1 item, or fewer than 2 on the customer routes (where the page itself
 * already shows the order).
 */
export function isCartMenuVisible(itemCount: number, pathname: string): boolean {
  return itemCount >= (isCustomerRoute(pathname) ? 2 : 1);
}
