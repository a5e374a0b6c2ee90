import { servesLandingPages } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';

/** One language version of a page: `<link rel="alternate" hreflang href>` and the sitemap's xhtml:link. */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
}

const LANGUAGE_ORDER = ['es', 'en', 'pt'] as const;

/**
 * The language versions of a landing page (hreflang): the page on the current
 * store for its own language, and for each other language the lowest-id store
 * of that language that serves landing pages (the domain's servesLandingPages:
 * never a Portuguese store) and has a host name (STORE_HOSTS, then the stores
 * table's `hostnames`), on that host. The Spanish version is also x-default.
 * Fewer than two versions: none (a page alone has no alternates). Answers the
 * origins; `at` puts a page's path (with the application prefix) on them.
 */
export async function alternateOrigins(
  app: FastifyInstance,
  env: Env,
  input: { store: StoreRow; origin: string; protocol: string },
): Promise<LanguageAlternate[]> {
  if (env.PUBLIC_BASE_URL) return []; // one origin for every store: no host tells the languages apart
  const catalog = await app.catalog.snapshot();
  const hostOf = new Map<number, string>();
  for (const [host, storeId] of [...env.STORE_HOSTS, ...catalog.storeByHost]) {
    if (!hostOf.has(storeId)) hostOf.set(storeId, host);
  }
  const versions: LanguageAlternate[] = [];
  for (const language of LANGUAGE_ORDER) {
    let origin: string | undefined;
    if (input.store.language === language) origin = input.origin;
    else {
      const store = [...catalog.stores.values()]
        .filter((s) => s.language === language && servesLandingPages(s.id) && hostOf.has(s.id))
        .sort((a, b) => a.id - b.id)[0];
      if (store) origin = `${input.protocol}://${hostOf.get(store.id)}`;
    }
    if (origin) versions.push({ hreflang: language, href: origin });
  }
  if (versions.length < 2) return [];
  const spanish = versions.find((v) => v.hreflang === 'es');
  return spanish ? [...versions, { hreflang: 'x-default', href: spanish.href }] : versions;
}

/** The alternates of one page: each language's origin followed by the page's path. */
export function at(origins: readonly LanguageAlternate[], path: string): LanguageAlternate[] {
  return origins.map(({ hreflang, href }) => ({ hreflang, href: `${href}${path}` }));
}
