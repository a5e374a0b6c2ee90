import { PRODUCT_IDS, type ProductDefinition, ProductDefinitionSchema } from '@shop/domain';
import { useEffect, useState } from 'react';
import { type ApiAnswer, api } from '../../../shared/api/client.ts';

let cached: Promise<ProductDefinition | null> | undefined;

/** GET product?id=15867 (spec 7): the Nota Simple definition with its price and official fee. */
export function loadNotaSimpleProduct(): Promise<ProductDefinition | null> {
  cached ??= api
    .get<ApiAnswer & { product?: unknown }>('product', { id: PRODUCT_IDS.notaSimple }, { silent: true })
    .then((answer) => {
      if (!answer.ok) return null;
      const parsed = ProductDefinitionSchema.safeParse(
        answer.product ?? JSON.parse(answer.message ?? 'null'),
      );
      return parsed.success ? parsed.data : null;
    })
    .catch(() => {
      cached = undefined;
      return null;
    });
  return cached;
}

/** The definition, null while loading or when the server did not give it (spec 8: silently ignored). */
export function useNotaSimpleProduct(): ProductDefinition | null {
  const [product, setProduct] = useState<ProductDefinition | null>(null);
  useEffect(() => {
    let live = true;
    loadNotaSimpleProduct().then((definition) => live && setProduct(definition));
    return () => {
      live = false;
    };
  }, []);
  return product;
}
