import * as z from 'zod/mini';
import { defaultVatRateBp } from '../rules/fee-breakdown.ts';
import { OfficialChannelSchema } from '../rules/official-channel.ts';
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
  /** MB WAY (Portugal's phone payment), through Monei; not in the spec's list (issue 17). */
  'mbway',
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
  /** A landing page's municipality (its call to action fills it into the Nota Simple wizard). */
  municipio: z.nullable(
    z.object({ url: z.string(), path: z.string(), name: z.string(), province: z.optional(z.string()) }),
  ),
  lastOrderProducts: z.array(z.object({ product_id: z.int(), name: z.string(), price: CentsSchema })),
  lastOrderPrice: z.nullable(CentsSchema),
  /**
   * The store's conversion snippet for the last order (spec 3 lastOrderSuccess):
   * not inline HTML but a script file served by the shop (strict CSP), which the
   * success page loads once per paid order after the visitor's consent.
   */
  lastOrderSuccess: z.nullable(z.object({ data: z.object({ script_url: z.string() }) })),
  show_carrito: z.boolean(),
  payment_methods: z.array(PaymentMethodSchema),
  /**
   * Which gateway takes each offered method ('sandbox', 'stripe', 'redsys', 'paypal', 'monei'):
   * the storefront shows its own card form only for 'sandbox' and otherwise hands the card
   * to the gateway's page or element (issue 17: card data never reaches our server).
   */
  payment_gateways: z.optional(z.partialRecord(PaymentMethodSchema, z.string())),
  /** The store shows Apple Pay and Google Pay in Stripe's Payment Element (store setting `wallets`). */
  payment_wallets: z.optional(z.boolean()),
  auto_products: z.array(AutoProductSchema),
  cart: CartSchema,
  version: z.string(),
  /**
   * The store's VAT rate in basis points (2100 = 21 %), to split prices into base
   * and VAT on screen. Optional so configurations from before it still parse:
   * read it with vatRateOf(config).
   */
  vat_rate_bp: z.optional(z.int().check(z.gte(0), z.lte(10_000))),
  /** The logged-in customer's preferred payment method (spec 3 client record; null: anonymous or none). */
  preferred_payment: z.optional(z.nullable(PaymentMethodSchema)),
  /** The last payment attempt of this session failed (spec 4 invalid-payment flag). */
  invalid_payment: z.optional(z.boolean()),
  /** The failed-payment text to show with the flag (spec 4), in the store's language. */
  payment_message: z.optional(z.nullable(z.string())),
  /** The last order of this session whose payment succeeded (spec 3 storage key last_success_id). */
  last_success_id: z.optional(z.nullable(z.string())),
  /** The official channel the footer and product intros point to (store setting `official_channel`). */
  official_channel: z.optional(OfficialChannelSchema),
  /**
   * The shop's VAPID public key (base64url, RFC 8292) for PushManager.subscribe's
   * applicationServerKey; present only when Web Push is on (ADR 031).
   */
  vapid_public_key: z.optional(z.string()),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** The store's VAT rate (basis points) of a configuration; older ones without it: the store's default rate. */
export function vatRateOf(config: Pick<RuntimeConfig, 'store_id' | 'vat_rate_bp'>): number {
  return config.vat_rate_bp ?? defaultVatRateBp(config.store_id);
}
