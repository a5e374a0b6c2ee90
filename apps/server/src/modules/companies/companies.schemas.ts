import { SociedadQuerySchema } from '@shop/domain';
import * as z from 'zod/mini';
import { lenientAppFlag } from '../search/search.schemas.ts';

/**
 * sociedad.php / organizacoes.php `?app=1&sociedad=`: the domain's query; like
 * the other searches, a blank or one-character term answers an empty list.
 */
export const CompanySearchQuerySchema = z.extend(SociedadQuerySchema, { app: lenientAppFlag });
