import type { CartItem, ClientRecord, OrderSuccess, PaymentMethod, RuntimeConfig } from '@shop/domain';
import { makeCart, makeCartItem } from '../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../testing/config-fixture.ts';

/** A Nota Simple in the cart, 20,76 €. */
export const nsItem: CartItem = makeCartItem({ id: 31, product_id: 15867, product_name: 'Nota Simple' });
export const cartWithNs = makeCart([nsItem]);

/** An answer `{ ok: true, config, ...extra }` whose config is the page's with `changes`. */
export function okAnswer(baseUrl: string, changes: Partial<RuntimeConfig> = {}, extra: object = {}) {
  return {
    status: 200,
    body: { ok: true, config: makeRuntimeConfig({ base_url: baseUrl, ...changes }), ...extra },
  };
}

/** A 4xx error answer as the server's error handler gives it. */
export function errorAnswer(
  status: number,
  message: string,
  errors: { path: string; message: string }[] = [],
) {
  return { status, body: { ok: false, message, errors } };
}

/** GET client's record with a preferred payment. */
export function clientRecord(preferred: PaymentMethod | null = 'cc'): ClientRecord {
  return {
    email: 'ana@example.es',
    firstname: 'Ana',
    lastname: 'García',
    region_id: null,
    regions: [],
    billing: null,
    payment: { preferred_payment: preferred, bank: null, paypal: null },
  };
}

/** One order as orderSummary/ answers it. */
export function orderSuccess(
  orderId: string,
  status: string,
  state: OrderSuccess['payment']['state'],
  statusLabel: string,
  items: CartItem[] = [nsItem],
): OrderSuccess {
  return {
    order_id: orderId,
    store_id: Number(orderId.slice(0, 2)),
    created_at: '2026-11-24T10:00:00.000Z',
    status,
    status_label: statusLabel,
    total: items.reduce((sum, item) => sum + item.current_price, 0),
    email: 'ana@example.es',
    payment_method: 'cc',
    payment: { state, attempt: 1 },
    items: items.map((item) => ({
      product_id: item.product_id,
      name: item.product_name,
      qty: 1,
      price: item.current_price,
    })),
    invoice_available: state === 'paid',
  };
}
