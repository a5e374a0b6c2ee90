import { ProductDefinitionSchema } from '@shop/domain';
import * as z from 'zod/mini';
import { primeProductDefinitions } from './get-product-definition.ts';

/** The element of a server-rendered page that carries the product definitions its markup used. */
export const PRODUCT_DATA_ID = 'product-data';

/**
 * Before hydrating a server-rendered step (ADR 009): the definitions the server
 * rendered its prices with, validated like GET product?id='s, become the loaded
 * ones, so the first render shows the same prices. Unreadable data is ignored
 * (the prices then load as on any other page).
 */
export function primeFromPage(doc: Document): void {
  const text = doc.getElementById(PRODUCT_DATA_ID)?.textContent;
  if (!text) return;
  try {
    const result = z.array(ProductDefinitionSchema).safeParse(JSON.parse(text));
    if (result.success) primeProductDefinitions(result.data);
  } catch {
    // Not JSON: nothing primed.
  }
}
