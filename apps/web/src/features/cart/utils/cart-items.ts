import {
  type CartItem,
  cartLines,
  hasLocatedPropertyItem,
  isLocatedPropertyProduct,
  PRODUCT_IDS,
} from '@shop/domain';

/** The detail lines of an item: 'label: value' for every option with a printed value. */
export function itemDetails(item: CartItem): string[] {
  return item.options
    .filter((option) => option.print_value.trim() !== '')
    .map((option) => (option.label ? `${option.label}: ${option.print_value}` : option.print_value));
}

/** True when the cart holds a located-property item: the cart list then offers 'Cancelar pedido'. */
export function hasLocatedProperty(items: readonly CartItem[]): boolean {
  return hasLocatedPropertyItem(items);
}

/**
 * What 'Cancelar pedido' removes (spec 2): the located-property request, product
 * 18324. A cart whose located items are all of the other located products
 * (15868, 18347, 18361) cancels those instead, so the button always does something.
 */
export function itemsToCancel(items: readonly CartItem[]): CartItem[] {
  const all = cartLines(items);
  const requests = all.filter((item) => item.product_id === PRODUCT_IDS.locatedPropertyRequest);
  const chosen =
    requests.length > 0 ? requests : all.filter((item) => isLocatedPropertyProduct(item.product_id));
  return outermost(chosen);
}

/**
 * Drops the items whose parent is also chosen: removing an item removes its
 * children (the located properties under the 18324 request the back office
 * adds), so each removal call names an item that still exists.
 */
function outermost(chosen: readonly CartItem[]): CartItem[] {
  const ids = new Set(chosen.map((item) => item.id));
  return chosen.filter((item) => item.parent_id === null || !ids.has(item.parent_id));
}
