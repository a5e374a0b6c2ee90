import { getConfig } from '../config/config-store.ts';

/** One suggestion of a search endpoint: the server answers JSON arrays of these (spec 7). */
export interface SearchHit {
  label: string;
  value: string;
}

/** registros.php: a municipality of the INE list. */
export interface MunicipalityHit extends SearchHit {
  name: string;
  province: string;
  province_code: string;
  ine: string;
  slug: string;
}

/** freguesias.php: a Portuguese parish, labelled 'distrito / concelho / freguesia'. */
export interface FreguesiaHit extends SearchHit {
  code: string;
  freguesia: string;
  concelho: string;
  distrito: string;
  legacy: boolean;
}

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

function isHit(value: unknown): value is SearchHit {
  const hit = value as SearchHit | null;
  return (
    typeof hit === 'object' && hit !== null && typeof hit.label === 'string' && typeof hit.value === 'string'
  );
}

async function fetchHits<T extends SearchHit>(url: URL, signal: AbortSignal): Promise<T[]> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`Search failed: HTTP ${response.status}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body.filter(isHit) as T[]) : [];
}

/** Municipalities of Spain: registros.php?app=1&term= */
export const searchMunicipalities: SearchFn<MunicipalityHit> = (term, signal) =>
  fetchHits(searchUrl('registros.php', { app: '1', term }), signal);

/** Freguesias of Portugal: freguesias.php?app=1&type=all|ips&term= */
export function searchFreguesias(type: 'all' | 'ips'): SearchFn<FreguesiaHit> {
  return (term, signal) => fetchHits(searchUrl('freguesias.php', { app: '1', type, term }), signal);
}

/**
 * Companies: sociedad.php?app=1&sociedad= (Spanish companies), or the
 * Portuguese organisation search organizacoes.php on Portuguese stores.
 */
export const searchCompanies: SearchFn<SearchHit> = (term, signal) => {
  const endpoint = getConfig().language === 'pt' ? 'organizacoes.php' : 'sociedad.php';
  return fetchHits(searchUrl(endpoint, { app: '1', sociedad: term }), signal);
};
