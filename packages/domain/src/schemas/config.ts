import * as z from 'zod/mini';
import { CartSchema } from './cart.ts';
import { AutoProductSchema, CentsSchema } from './product.ts';

export const LanguageSchema = z.enum(['es', 'pt', 'en']);
export type Language = z.infer<typeof LanguageSchema>;

export const PaymentMethodSchema = z.enum([
  'cc',
  'paypal',
  'multibanco',
  'bank',
  'stripe',
  'bizum',
  'monei',
  'moneimultibanco',
]);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * The runtime configuration of spec point 3, embedded in the host page and
 * returned by every API call as `config`.
 */
export const RuntimeConfigSchema = z.object({
  store_id: z.int(),
  language: LanguageSchema,
  /** The session's CSRF token; sent back in the X-Form-Key header. */
  form_key: z.string(),
  base_url: z.string(),
  app_prefix: z.string(),
  embedded: z.boolean(),
  loggedIn: z.boolean(),
  portal_name: z.string(),
  homepage: z.string(),
  navbar_image: z.string(),
  phone: z.string(),
  analytics_account: z.nullable(z.string()),
  tag_ids: z.array(z.string()),
  optimize_id: z.nullable(z.string()),
  lastOrderId: z.nullable(z.string()),
  lastItemIds: z.array(z.int()),
  customerEmail: z.nullable(z.string()),
  card_public_key: z.nullable(z.string()),
  nsCopy: z.string(),
  municipio: z.nullable(z.object({ url: z.string(), path: z.string(), name: z.string() })),
  lastOrderProducts: z.array(z.object({ product_id: z.int(), name: z.string(), price: CentsSchema })),
  lastOrderPrice: z.nullable(CentsSchema),
  lastOrderSuccess: z.nullable(z.object({ data: z.object({ custom_script_html: z.string() }) })),
  show_carrito: z.boolean(),
  payment_methods: z.array(PaymentMethodSchema),
  auto_products: z.array(AutoProductSchema),
  cart: CartSchema,
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
