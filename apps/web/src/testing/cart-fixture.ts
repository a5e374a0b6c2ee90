import type { Cart, CartItem, ItemOption } from '@shop/domain';

let nextId = 100;

/** A cart item as the server's cart view builds it (apps/server/src/modules/config/cart-view.ts). */
export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    order_id: null,
    quote_id: 7,
    product_id: 15867,
    product_name: 'Nota Simple',
    qty: 1,
    options: [],
    created_at: '2025-03-01T10:00:00.000Z',
    status: 'quote',
    referencia: null,
    panel_status_id: null,
    pendingTramitation: false,
    parent_id: null,
    real_order_id: null,
    editable: true,
    current_price: 2076,
    form: {},
    childs: [],
    ...overrides,
  };
}

/** One stored option: `{ option_id, value, option_value, print_value, label }`. */
export function option(option_id: number, value: string, label = '', print_value = value): ItemOption {
  return {
    option_id,
    value,
    option_value: /^\d+$/.test(value) ? Number(value) : null,
    print_value,
    label,
  };
}

/** A cart of these items with the server's total (every line, children included). */
export function makeCart(items: CartItem[]): Cart {
  const sum = (list: CartItem[]): number =>
    list.reduce((total, item) => total + item.current_price + sum(item.childs), 0);
  return { quote_id: items.length ? 7 : null, items, total: sum(items) };
}
