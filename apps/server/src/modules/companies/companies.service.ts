import type { CompanyHit } from '@shop/domain';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import type { CompanyRow } from '../../db/schema/index.ts';
import { createSearchIndex, type SearchIndex } from '../search/search-index.ts';
import { type Country, listCompanies } from './companies.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    companies: CompanyService;
  }
}

export interface CompanyService {
  /** Companies of `country` matching the term, ranked like the other searches (at most 20). */
  search(country: Country, term: string): Promise<CompanyHit[]>;
  /** Call after operators change the table, so the next search reads it again. */
  invalidate(): void;
}

function toHit(row: CompanyRow): CompanyHit {
  return {
    label: `${row.name} (${row.taxId})`,
    value: row.name,
    name: row.name,
    tax_id: row.taxId,
    municipality: row.municipality,
    country: row.country,
    is_example: row.isExample,
  };
}

/** Name or tax id, prefix first; the municipality only as context (search-index ranking). */
export function buildCompanyIndex(rows: CompanyRow[]): SearchIndex<CompanyRow> {
  // No typo forgiveness: a tax id one digit off is another company.
  return createSearchIndex(
    rows,
    (row) => ({ names: [row.name, row.taxId], context: [row.municipality], display: row.name }),
    { typos: false },
  );
}

/**
 * The company table is operator-managed and small, so each country's index
 * lives in memory, read again after `invalidate()` or when older than the TTL
 * (several server instances see an operator's change within a minute).
 */
export function createCompanyService(db: AppDb, ttlMs = 60_000): CompanyService {
  const cache = new Map<Country, { index: Promise<SearchIndex<CompanyRow>>; at: number }>();
  function index(country: Country) {
    const cached = cache.get(country);
    if (cached && Date.now() - cached.at <= ttlMs) return cached.index;
    const loading = listCompanies(db, country).then(buildCompanyIndex);
    // A failed read is not cached: the next search tries again.
    loading.catch(() => cache.delete(country));
    cache.set(country, { index: loading, at: Date.now() });
    return loading;
  }
  return {
    async search(country, term) {
      return (await index(country)).search(term).map(toHit);
    },
    invalidate() {
      cache.clear();
    },
  };
}

export const companiesPlugin = fp(
  async (app) => {
    app.decorate('companies', createCompanyService(app.db));
  },
  { name: 'companies', dependencies: ['database'] },
);
