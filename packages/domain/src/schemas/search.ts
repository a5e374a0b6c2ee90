import * as z from 'zod/mini';

/**
 * The hits of the search endpoints (spec 7 "Landing and search"): each endpoint
 * answers a JSON array of these. The server's response schemas and the
 * storefront's autocompletes use the same definitions.
 */

/** What every hit carries: the text shown and the value the field takes. */
export const SearchHitSchema = z.object({ label: z.string(), value: z.string() });
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** registros.php: a municipality of the INE list, with its property registry's data. */
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
export type MunicipalityHit = z.infer<typeof MunicipalityHitSchema>;

/** freguesias.php: a Portuguese parish. */
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
export type FreguesiaHit = z.infer<typeof FreguesiaHitSchema>;

/** sociedad.php (Spanish companies) and organizacoes.php (Portuguese organisations). */
export const CompanyHitSchema = z.object({
  /** 'Name (tax id)' */
  label: z.string(),
  /** The name, what the wizard's field takes. */
  value: z.string(),
  name: z.string(),
  /** CIF (Spain) or NIPC (Portugal). */
  tax_id: z.string(),
  municipality: z.string(),
  country: z.enum(['es', 'pt']),
  /** An example row of the seed, not a real company. */
  is_example: z.boolean(),
});
export type CompanyHit = z.infer<typeof CompanyHitSchema>;
