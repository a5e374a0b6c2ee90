import { SociedadQuerySchema } from '@shop/domain';
import * as z from 'zod/mini';
import { lenientAppFlag } from '../search/search.schemas.ts';

/**
 * sociedad.php / organizacoes.php `?app=1&sociedad=`: the domain's query; like
 * the other searches, a blank or one-character term answers an empty list.
 */
export const CompanySearchQuerySchema = z.extend(SociedadQuerySchema, { app: lenientAppFlag });

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
