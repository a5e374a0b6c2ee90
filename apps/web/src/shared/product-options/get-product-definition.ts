import { ProductAnswerSchema, type ProductDefinition, parseProductMessage } from '@shop/domain';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';

// The one way to load a product definition (GET product?id=): the generic
// wizard, the fixed wizards' prices, the services screen and the edit dialogs.
// Definitions change only when an operator edits the catalogue, so one copy per
// page life is enough; a load in flight is shared, and a failure is not kept,
// so a later visit tries again.
const loaded = new Map<number, ProductDefinition>();
const loading = new Map<number, Promise<ProductDefinition | null>>();
let generation = 0;
/** Cancels the loads of this generation when it is cleared (their answers, configuration included, are stale). */
let loads = new AbortController();
/** The ids a render asked for (server rendering: which definitions the page must carry). */
const asked = new Set<number>();

async function load(productId: number): Promise<ProductDefinition | null> {
  const started = generation;
  const { signal } = loads;
  try {
    const answer = await api.get(ProductAnswerSchema, 'product', { id: productId }, { silent: true, signal });
    const definition = parseProductMessage(answer);
    if (!definition || definition.product_id !== productId) return null;
    // A clear cancels the call; one answered just before it is stale: give it, do not keep it.
    if (started === generation) loaded.set(productId, definition);
    return definition;
  } catch {
    return null;
  } finally {
    if (started === generation) loading.delete(productId);
  }
}

/**
 * GET product?id= (spec 7): the definition inside the answer's message. Silent
 * on failure (spec 8): an ok false answer, an unreadable message or a failed call
 * all yield null, with no message shown.
 */
export function getProductDefinition(productId: number): Promise<ProductDefinition | null> {
  const known = loaded.get(productId);
  if (known) return Promise.resolve(known);
  let pending = loading.get(productId);
  if (!pending) {
    pending = load(productId);
    loading.set(productId, pending);
  }
  return pending;
}

/** undefined while loading, then the definition or null (nothing to show). */
export function useProductDefinition(productId: number | null): ProductDefinition | null | undefined {
  const [state, setState] = useState<{ id: number | null; definition: ProductDefinition | null | undefined }>(
    () => {
      if (productId !== null) asked.add(productId);
      return { id: productId, definition: productId === null ? null : loaded.get(productId) };
    },
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

function forget(): void {
  generation++;
  loaded.clear();
  loading.clear();
  asked.clear();
}

/** Forgets the loaded definitions and cancels the loads in flight (tests; an operator's change). */
export function clearProductDefinitions(): void {
  forget();
  loads.abort();
  loads = new AbortController();
}

/**
 * Starts from these definitions instead of asking the server (ADR 009): the
 * server renders a step's price with the store's definitions, and the browser
 * hydrates with the same ones, which the page carries.
 */
export function primeProductDefinitions(definitions: readonly ProductDefinition[]): void {
  // The loads already out (the page's first render) go on: only the kept copies are replaced.
  forget();
  for (const definition of definitions) loaded.set(definition.product_id, definition);
}

/** The primed definitions that renders since the priming asked for (what a server-rendered page must carry). */
export function askedProductDefinitions(): ProductDefinition[] {
  return [...asked].flatMap((id) => loaded.get(id) ?? []);
}
