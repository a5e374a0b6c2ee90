import type { ItemOption } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { orderItems } from '../db/schema/index.ts';
import { insertOrder, type TestOrderOptions } from './orders.ts';

/**
 * A mortgage cancellation (18346, seed catalogue) bought with early checkout
 * (spec 4): paid mortgage, no zero-debt certificate, the call-back questions
 * answered; the bank (2483), municipality (2484), address (2485) and date
 * (2486) steps still to answer.
 */
export const EARLY_CHECKOUT_FORM = {
  product_id: 18346,
  values: [
    { option_id: 2481, product_id: 18346, type: 'radio', value: '6481' },
    { option_id: 2482, product_id: 18346, type: 'radio', value: '6484' },
  ],
  confirm_values: [
    { option_id: 2489, value: '600123123' },
    { option_id: 2490, value: '6487' },
  ],
  related_product_ids: [],
};

const answer = (option_id: number, value: string): ItemOption => ({
  option_id,
  value,
  option_value: null,
  print_value: value,
  label: String(option_id),
});

/** The stored options of that item, as the cart would have kept them. */
export const EARLY_CHECKOUT_OPTIONS: ItemOption[] = [
  answer(2481, '6481'),
  answer(2482, '6484'),
  answer(2489, '600123123'),
  answer(2490, '6487'),
];

/** A paid order of that item (insertOrder, then the item's options). */
export async function insertEarlyCheckoutOrder(db: AppDb, options: TestOrderOptions = {}) {
  const order = await insertOrder(db, { ...options, productId: 18346, form: EARLY_CHECKOUT_FORM });
  await db.update(orderItems).set({ options: EARLY_CHECKOUT_OPTIONS }).where(eq(orderItems.id, order.itemId));
  return order;
}
