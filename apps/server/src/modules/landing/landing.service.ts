import {
  fixedProductPrice,
  type LandingData,
  type LandingFolder,
  landingPath,
  normalizePlaceName,
  PRODUCT_IDS,
  servesLandingPages,
} from '@shop/domain';
import fp from 'fastify-plugin';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { buildRegistryInfo, type RegistryInfo } from '../search/registry-info.ts';
import { listMunicipalities } from '../search/search.repository.ts';
import { listLandingRegistries } from './landing.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    landing: LandingService;
  }
}

export type LandingMunicipality = Awaited<ReturnType<typeof listMunicipalities>>[number];
type RegistryRow = Awaited<ReturnType<typeof listLandingRegistries>>[number];

export interface LandingService {
  /** The landing data of a municipality's page in a store; null for an unknown url_municipio or a store without landing pages. */
  find(input: { folder: LandingFolder; url: string; store: StoreRow }): Promise<LandingData | null>;
  /** A municipality by its url_municipio (slug). */
  municipality(url: string): LandingMunicipality | undefined;
  /** Every municipality's url_municipio, in INE order (the sitemap). */
  urls(): readonly string[];
  /** Reads the registry tables again (after an operator changed them; other instances follow within a minute). */
  reloadRegistries(): Promise<void>;
}

/** The registry tables are operator data: read again after this long (as the search does). */
const REGISTRY_TTL_MS = 60_000;

interface Registries {
  info: RegistryInfo;
  byIne: Map<string, RegistryRow[]>;
  byName: Map<string, RegistryRow[]>;
  loadedAt: number;
}

function indexRegistries(rows: RegistryRow[]): Registries {
  const byIne = new Map<string, RegistryRow[]>();
  const byName = new Map<string, RegistryRow[]>();
  for (const row of rows) {
    const [map, key] = row.municipalityIne
      ? [byIne, row.municipalityIne]
      : [byName, normalizePlaceName(row.municipality)];
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return { info: buildRegistryInfo(rows, []), byIne, byName, loadedAt: Date.now() };
}

function registriesOf(index: Registries, m: LandingMunicipality): RegistryRow[] {
  const names = [m.name, ...m.name.split('/'), m.officialName].map((n) => normalizePlaceName(n));
  const rows = [...(index.byIne.get(m.ine) ?? []), ...names.flatMap((n) => index.byName.get(n) ?? [])];
  return [...new Set(rows)];
}

/**
 * The municipality landing pages' data (spec 2, 7 municipio/): the 8,132 INE
 * municipalities are read once at start (reference data); the operator's
 * registries are read again every minute; the price is the store's Nota Simple
 * definition from the catalogue snapshot.
 */
export const landingPlugin = fp(
  async (app) => {
    const municipalities = await listMunicipalities(app.db);
    const bySlug = new Map(municipalities.map((m) => [m.slug, m]));
    const urls = municipalities.map((m) => m.slug);
    let registries = indexRegistries(await listLandingRegistries(app.db));
    let loading: Promise<void> | null = null;
    /** Stale-while-revalidate: a page never waits for the registry tables once read. */
    function currentRegistries(): Registries {
      if (Date.now() - registries.loadedAt > REGISTRY_TTL_MS && !loading) {
        loading = listLandingRegistries(app.db)
          .then((rows) => {
            registries = indexRegistries(rows);
          })
          .catch((err) => app.log.warn({ err }, 'reading the registry tables failed'))
          .finally(() => {
            loading = null;
          });
      }
      return registries;
    }

    const service: LandingService = {
      municipality: (url) => bySlug.get(url),
      urls: () => urls,
      async reloadRegistries() {
        registries = indexRegistries(await listLandingRegistries(app.db));
      },
      async find({ folder, url, store }) {
        const m = bySlug.get(url);
        // Served only where the page's button (the Nota Simple wizard) works: not on the Portuguese stores.
        if (!m || !servesLandingPages(store.id)) return null;
        const catalog = await app.catalog.snapshot();
        const product = catalog.products.get(PRODUCT_IDS.notaSimple);
        const definition = product?.definition;
        const index = currentRegistries();
        return {
          folder,
          url: m.slug,
          path: landingPath(folder, m.slug),
          municipality: { ine: m.ine, name: m.name, province: m.province, ccaa: m.ccaa },
          registries: registriesOf(index, m).map((r) => ({
            name: r.name,
            address: r.address,
            phone: r.phone,
          })),
          delivery_hours: index.info.deliveryHours(m),
          price: definition ? fixedProductPrice(definition, false) : 0,
          official_fee: definition?.official_fee ?? 0,
          vat_rate_bp: (catalog.stores.get(store.id) ?? store).vatRateBp,
        };
      },
    };
    app.decorate('landing', service);
  },
  { name: 'landing', dependencies: ['database', 'catalog'] },
);
