import * as z from 'zod/mini';

/**
 * The search queries: a blank or one-character term answers an empty list (an
 * autocomplete asks as the user types), not a 400 as the domain's
 * RegistrosQuerySchema / FreguesiasQuerySchema would.
 */
const term = z._default(z.string().check(z.maxLength(100, { error: 'too_long' })), '');
const appFlag = z.optional(z.string().check(z.maxLength(8, { error: 'too_long' })));
export const RegistrosSearchQuerySchema = z.object({ app: appFlag, term });
export const FreguesiasSearchQuerySchema = z.object({
  app: appFlag,
  term,
  type: z._default(z.enum(['all', 'ips'], { error: 'invalid_value' }), 'all'),
});

export const MunicipalityHitSchema = z.object({
  label: z.string(),
  value: z.string(),
  name: z.string(),
  province: z.string(),
  province_code: z.string(),
  ine: z.string(),
  slug: z.string(),
  /** Usual delivery hours of the municipality's property registry (registries table); null when unknown. */
  delivery_hours: z.nullable(z.number()),
  /** Served by a slow registry (slow_registry_places, spec 5). */
  slow_registry: z.boolean(),
});

export const FreguesiaHitSchema = z.object({
  /** 'distrito / concelho / freguesia' */
  label: z.string(),
  value: z.string(),
  code: z.string(),
  freguesia: z.string(),
  concelho: z.string(),
  distrito: z.string(),
  /** A 2013-2025 name the current CAOP no longer lists (type=all only). */
  legacy: z.boolean(),
});

export type MunicipalityHit = z.infer<typeof MunicipalityHitSchema>;
export type FreguesiaHit = z.infer<typeof FreguesiaHitSchema>;
