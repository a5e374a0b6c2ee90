import { CartSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CartConfigAnswerSchema, checkOnce } from './checked-answers.ts';

const item = {
  id: 7,
  order_id: null,
  quote_id: 3,
  product_id: 15867,
  product_name: 'Nota Simple',
  qty: 1,
  options: [],
  created_at: '2026-01-01T00:00:00.000Z',
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
};
const cart = { quote_id: 3, items: [item], total: 2076 };

describe('checked answers', () => {
  const cartOf = (value: unknown) =>
    z.safeEncode(z.pick(CartConfigAnswerSchema, { cart: true }), { cart: value } as never);

  it('encodes an object checkOnce made as it is, frozen', () => {
    const view = checkOnce(CartSchema, { ...cart, secret: 'x' } as typeof cart);
    expect(view).not.toHaveProperty('secret');
    expect(Object.isFrozen(view.items[0])).toBe(true);
    expect(cartOf(view).data?.cart).toBe(view);
  });

  it('checks anything else in full: unknown keys dropped, bad shapes refused', () => {
    const leaky = { ...cart, items: [{ ...item, internal_note: 'x' }] };
    const encoded = cartOf(leaky);
    expect(encoded.success).toBe(true);
    expect(encoded.data?.cart.items[0]).not.toHaveProperty('internal_note');
    expect(cartOf({ ...cart, total: 'lots' }).success).toBe(false);
  });

  it('does not trust a copy of a checked object', () => {
    const view = checkOnce(CartSchema, cart);
    const copy = { ...view, items: [{ ...view.items[0], hidden: true }] };
    expect(cartOf(copy).data?.cart.items[0]).not.toHaveProperty('hidden');
  });
});
