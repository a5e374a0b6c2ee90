import { CartSchema, ProductDefinitionSchema, RuntimeConfigSchema } from '@shop/domain';
import { z } from 'zod';

/*
 * Server-side payload schemas of the calls this part serves. They move to
 * packages/domain/src/schemas/api.ts once that file exists (the web client
 * parses the same shapes).
 */

/** The `config` every call may carry (spec 7); only its form_key is read (CSRF). */
export const RequestConfigSchema = z.looseObject({ form_key: z.string().max(200).optional() });

export const ConfigResponseSchema = z.object({ ok: z.literal(true), config: RuntimeConfigSchema });

export const CartResponseSchema = z.object({
  ok: z.literal(true),
  cart: CartSchema,
  config: RuntimeConfigSchema,
});

export const ProductQuerySchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** ok true: `message` holds the definition as JSON (spec 7), `product` the same as an object. */
export const ProductResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    message: z.string(),
    product: ProductDefinitionSchema,
    config: RuntimeConfigSchema,
  }),
  z.object({ ok: z.literal(false), config: RuntimeConfigSchema }),
]);

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser PushSubscription as `subscription.toJSON()` gives it, plus the call's config. */
export const PushSubscribeBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    // P-256 public key: 65 bytes = 87 base64url characters (88 padded).
    p256dh: z.string().min(86).max(88).regex(base64url),
    // Auth secret: 16 bytes = 22 base64url characters (24 padded).
    auth: z.string().min(22).max(24).regex(base64url),
  }),
  config: RequestConfigSchema.optional(),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBodySchema>;

export const VersionResponseSchema = z.object({ version: z.string() });
