import * as z from 'zod/mini';

/**
 * sociedad.php / organizacoes.php `?app=1&sociedad=`: like the other searches, a
 * blank or one-character term answers an empty list, not a 400.
 */
export const CompanySearchQuerySchema = z.object({
  app: z.optional(z.string().check(z.maxLength(8, { error: 'too_long' }))),
  sociedad: z._default(z.string().check(z.maxLength(100, { error: 'too_long' })), ''),
});

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
