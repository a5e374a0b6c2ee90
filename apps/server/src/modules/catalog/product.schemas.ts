import { ApiAnswerSchema, ProductDefinitionSchema } from '@shop/domain';
import * as z from 'zod/mini';

/**
 * GET product?id: the domain's answer (`message` = the definition as JSON text,
 * spec 7) plus `product`, the same definition as an object.
 */
export const ProductResponseSchema = z.extend(ApiAnswerSchema, {
  product: z.optional(ProductDefinitionSchema),
});
