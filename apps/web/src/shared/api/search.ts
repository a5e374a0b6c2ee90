import * as z from 'zod/mini';
import { getConfig } from '../config/config-store.ts';
import { createApiClient, type QueryValue, setQuery } from './client.ts';

/**
 * The place and company searches (registros.php, freguesias.php, sociedad.php,
 * organizacoes.php) through the one API client: they sit at the store base,
 * not under desktopapp/rest/, answer a bare array of hits, and are asked on
 * every keystroke, so no retry (the next keystroke asks again, and a wait
 * would only delay the list) and no generic message (the field says it).
 */
const searchClient = createApiClient({
  url: (path, query) => searchUrl(path, query),
  headers: () => ({}),
  isAnswer: Array.isArray,
  retryDelaysMs: [],
  timeoutMs: 10_000,
});

/** `{base}/{endpoint}?{query}` as an absolute URL: the search endpoints sit at the store base. */
export function searchUrl(endpoint: string, query?: Record<string, QueryValue>): URL {
  const base = new URL(getConfig().base_url || '/', window.location.href);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return setQuery(new URL(endpoint, base), query);
}

/**
 * GET `{base}/{endpoint}?{query}`: the hits, checked against the endpoint's
 * hit schema (the server answers through the same one); an answer that does
 * not read as such hits is an ApiError. `signal` cancels a superseded search.
 */
export function searchHits<T>(
  schema: z.ZodMiniType<T>,
  endpoint: string,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<T[]> {
  return searchClient.call(z.array(schema), { method: 'GET', path: endpoint, query, signal, silent: true });
}
