import { FreguesiasQuerySchema, RegistrosQuerySchema } from '@shop/domain';
import * as z from 'zod/mini';

/**
 * The domain's search queries (a blank or short term answers an empty list),
 * with `app` taken as it comes: the spec's clients send app=1, others are not
 * refused for another value.
 */
export const lenientAppFlag = z.optional(z.string().check(z.maxLength(8, { error: 'too_long' })));
export const RegistrosSearchQuerySchema = z.extend(RegistrosQuerySchema, { app: lenientAppFlag });
export const FreguesiasSearchQuerySchema = z.extend(FreguesiasQuerySchema, { app: lenientAppFlag });

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
