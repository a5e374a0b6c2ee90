import * as z from 'zod/mini';
import { CentsSchema } from './product.ts';

/** One option of a cart item (DECISIONS.md "Payloads"). */
export const ItemOptionSchema = z.object({
  option_id: z.int(),
  value: z.string(),
  option_value: z.nullable(z.int()),
  print_value: z.string(),
  label: z.string(),
});
export type ItemOption = z.infer<typeof ItemOptionSchema>;

const CartItemBase = z.object({
  id: z.int(),
  order_id: z.nullable(z.string()),
  quote_id: z.nullable(z.int()),
  product_id: z.int(),
  product_name: z.string(),
  qty: z.int(),
  options: z.array(ItemOptionSchema),
  /** ISO 8601 UTC; the client shows it in local time. */
  created_at: z.string(),
  status: z.string(),
  referencia: z.nullable(z.string()),
  panel_status_id: z.nullable(z.int()),
  pendingTramitation: z.boolean(),
  parent_id: z.nullable(z.int()),
  real_order_id: z.nullable(z.string()),
  editable: z.boolean(),
  current_price: CentsSchema,
  /** The registry's own fee inside current_price (no VAT; ADR 027): the order summary's split. */
  official_fee: z.optional(CentsSchema),
  /**
   * The wizard's form as the server accepted it (spec 3 fixed forms, or the generic
   * form with its confirmation answers and chosen related products): what an edit
   * dialog starts from. Parse it with formSchemaForProduct(product_id).
   */
  form: z.record(z.string(), z.unknown()),
  /**
   * The delivery promise (ISO, ADR 034): the cart's from the step, an order's
   * as stored when paid; null or absent when none (the store's nsCopy).
   */
  promised_at: z.optional(z.nullable(z.string())),
});

export type CartItem = z.infer<typeof CartItemBase> & { childs: CartItem[] };
export const CartItemSchema: z.ZodMiniType<CartItem> = z.object({
  ...CartItemBase.shape,
  get childs() {
    return z.array(CartItemSchema);
  },
});

export const CartSchema = z.object({
  quote_id: z.nullable(z.int()),
  items: z.array(CartItemSchema),
  total: CentsSchema,
});
export type Cart = z.infer<typeof CartSchema>;
