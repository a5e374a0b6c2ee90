import { type ProductDefinition, parseProductMessage } from '@shop/domain';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';

// Definitions change only when an operator edits the catalogue, so one copy per
// page life is enough; a failure is not kept, so a later visit tries again.
const loaded = new Map<number, ProductDefinition>();

/**
 * GET product?id= (spec 7): the definition inside the answer's message. Silent
 * on failure (spec 8): an ok false answer, an unreadable message or a failed call
 * all yield null, with no message shown.
 */
export async function getProductDefinition(productId: number): Promise<ProductDefinition | null> {
  const known = loaded.get(productId);
  if (known) return known;
  try {
    const answer = await api.get('product', { id: productId }, { silent: true });
    const definition = parseProductMessage(answer);
    if (definition && definition.product_id === productId) {
      loaded.set(productId, definition);
      return definition;
    }
    return null;
  } catch {
    return null;
  }
}

/** undefined while loading, then the definition or null (nothing to show). */
export function useProductDefinition(productId: number | null): ProductDefinition | null | undefined {
  const [state, setState] = useState<{ id: number | null; definition: ProductDefinition | null | undefined }>(
    () => ({ id: productId, definition: productId === null ? null : loaded.get(productId) }),
  );
  useEffect(() => {
    if (productId === null) return;
    let current = true;
    getProductDefinition(productId).then((definition) => {
      if (current) setState({ id: productId, definition });
    });
    return () => {
      current = false;
    };
  }, [productId]);
  if (productId === null) return null;
  if (state.id !== productId) return loaded.get(productId);
  return state.definition;
}

/** Forgets the loaded definitions (tests; an operator's change). */
export function clearProductDefinitions(): void {
  loaded.clear();
}
