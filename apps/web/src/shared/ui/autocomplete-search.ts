import {
  type CompanyHit,
  CompanyHitSchema,
  type FreguesiaHit,
  FreguesiaHitSchema,
  type MunicipalityHit,
  MunicipalityHitSchema,
  type SearchHit,
} from '@shop/domain';
import { searchHits } from '../api/search.ts';
import { getConfig } from '../config/config-store.ts';

/** Fetches the suggestions for a term; aborted when a newer term replaces it. */
export type SearchFn<T extends SearchHit> = (term: string, signal: AbortSignal) => Promise<T[]>;

/** Municipalities of Spain: registros.php?app=1&term= */
export const searchMunicipalities: SearchFn<MunicipalityHit> = (term, signal) =>
  searchHits(MunicipalityHitSchema, 'registros.php', { app: '1', term }, signal);

/** Freguesias of Portugal: freguesias.php?app=1&type=all|ips&term= */
export function searchFreguesias(type: 'all' | 'ips'): SearchFn<FreguesiaHit> {
  return (term, signal) => searchHits(FreguesiaHitSchema, 'freguesias.php', { app: '1', type, term }, signal);
}

/**
 * Companies: sociedad.php?app=1&sociedad= (Spanish companies), or the
 * Portuguese organisation search organizacoes.php on Portuguese stores.
 */
export const searchCompanies: SearchFn<CompanyHit> = (term, signal) => {
  const endpoint = getConfig().language === 'pt' ? 'organizacoes.php' : 'sociedad.php';
  return searchHits(CompanyHitSchema, endpoint, { app: '1', sociedad: term }, signal);
};
