import * as z from 'zod/mini';
import {
  type ProductDefinition,
  type ProductDefinitionInput,
  ProductDefinitionSchema,
} from '../schemas/product.ts';

/** Parses a definition literal for tests, filling the schema defaults. */
export function definition(input: ProductDefinitionInput): ProductDefinition {
  return z.parse(ProductDefinitionSchema, input);
}
