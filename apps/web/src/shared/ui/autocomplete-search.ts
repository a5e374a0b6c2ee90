import {
  type CompanyHit,
  CompanyHitSchema,
  type FreguesiaHit,
  FreguesiaHitSchema,
  type MunicipalityHit,
  MunicipalityHitSchema,
  type SearchHit,
} from '@shop/domain';
import * as z from 'zod/mini';
import { getConfig } from '../config/config-store.ts';

/** Fetches the suggestions for a term; aborted when a newer term replaces it. */
export type SearchFn<T extends SearchHit> = (term: string, signal: AbortSignal) => Promise<T[]>;

/** `{base}/{endpoint}?{query}` as an absolute URL: the search endpoints sit at the store base. */
export function searchUrl(endpoint: string, query: Record<string, string>): URL {
  const base = new URL(getConfig().base_url || '/', window.location.href);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(endpoint, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/**
 * The hits of an answer that read as the endpoint's hits (the domain's schema, the
 * server's response schema too); anything else in the array is left out.
 */
async function fetchHits<T extends SearchHit>(
  url: URL,
  schema: z.ZodMiniType<T>,
  signal: AbortSignal,
): Promise<T[]> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`Search failed: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) return [];
  return body.flatMap((hit) => {
    const parsed = z.safeParse(schema, hit);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Municipalities of Spain: registros.php?app=1&term= */
export const searchMunicipalities: SearchFn<MunicipalityHit> = (term, signal) =>
  fetchHits(searchUrl('registros.php', { app: '1', term }), MunicipalityHitSchema, signal);

/** Freguesias of Portugal: freguesias.php?app=1&type=all|ips&term= */
export function searchFreguesias(type: 'all' | 'ips'): SearchFn<FreguesiaHit> {
  return (term, signal) =>
    fetchHits(searchUrl('freguesias.php', { app: '1', type, term }), FreguesiaHitSchema, signal);
}

/**
 * Companies: sociedad.php?app=1&sociedad= (Spanish companies), or the
 * Portuguese organisation search organizacoes.php on Portuguese stores.
 */
export const searchCompanies: SearchFn<CompanyHit> = (term, signal) => {
  const endpoint = getConfig().language === 'pt' ? 'organizacoes.php' : 'sociedad.php';
  return fetchHits(searchUrl(endpoint, { app: '1', sociedad: term }), CompanyHitSchema, signal);
};
