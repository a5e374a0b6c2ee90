import {
  type CartItem,
  isLocatedPropertyProduct,
  LOCATED_PROPERTY_PRODUCT_IDS,
  PRODUCT_IDS,
} from '@shop/domain';

/** Every item of the cart, child items (located properties) after their parent. */
export function flattenItems(items: readonly CartItem[]): CartItem[] {
  return items.flatMap((item) => [item, ...flattenItems(item.childs)]);
}

/** The detail lines of an item: 'label: value' for every option with a printed value. */
export function itemDetails(item: CartItem): string[] {
  return item.options
    .filter((option) => option.print_value.trim() !== '')
    .map((option) => (option.label ? `${option.label}: ${option.print_value}` : option.print_value));
}

/** True when the cart holds a located-property item: the cart list then offers 'Cancelar pedido'. */
export function hasLocatedProperty(items: readonly CartItem[]): boolean {
  return flattenItems(items).some((item) => isLocatedPropertyProduct(item.product_id));
}

/**
 * What 'Cancelar pedido' removes (spec 2): the located-property request, product
 * 18324. A cart whose located items are all of the other located products
 * (15868, 18347, 18361) cancels those instead, so the button always does something.
 */
export function itemsToCancel(items: readonly CartItem[]): CartItem[] {
  const all = flattenItems(items);
  const requests = all.filter((item) => item.product_id === PRODUCT_IDS.locatedPropertyRequest);
  if (requests.length > 0) return requests;
  return all.filter((item) => LOCATED_PROPERTY_PRODUCT_IDS.includes(item.product_id));
}
