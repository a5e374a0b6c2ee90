import { ProductAnswerSchema } from '@shop/domain';
import * as z from 'zod/mini';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';

/** GET product?id: the domain's answer (`message` = the definition as JSON text, spec 7, and `product`). */
export const ProductResponseSchema = z.extend(ConfigAnswerSchema, {
  product: ProductAnswerSchema.shape.product,
});
