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
