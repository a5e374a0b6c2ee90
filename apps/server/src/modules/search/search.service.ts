import type { FreguesiaHit, MunicipalityHit } from '@shop/domain';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import { loadPlaceAliases } from './place-aliases.ts';
import { buildRegistryInfo, type RegistryInfo } from './registry-info.ts';
import {
  listFreguesias,
  listLegacyFreguesias,
  listMunicipalities,
  listRegistryHours,
  listSlowRegistryNames,
} from './search.repository.ts';
import { createSearchIndex, normalize, type SearchIndex } from './search-index.ts';

/** all = current freguesias + legacy 2013 names; ips = current only. */
export type FreguesiaScope = 'all' | 'ips';

declare module 'fastify' {
  interface FastifyInstance {
    places: SearchService;
  }
}

export interface SearchService {
  /** Municipalities with their registry's delivery hours and slow-registry flag. */
  municipalities(term: string): Promise<MunicipalityHit[]>;
  freguesias(term: string, scope: FreguesiaScope): FreguesiaHit[];
  /** Rebuilds the indexes and the registry data from the database (after reference data changes). */
  reload(): Promise<void>;
  /** Reads the registry tables again (after an operator changed them; other instances follow within a minute). */
  reloadRegistries(): Promise<void>;
}

/** The registry tables are operator data: read again after this long, so every instance sees a change. */
const REGISTRY_TTL_MS = 60_000;

type MunicipalityRow = Awaited<ReturnType<typeof listMunicipalities>>[number];
type FreguesiaEntry = FreguesiaHit & { shortName: string };

interface Indexes {
  municipalities: SearchIndex<MunicipalityRow>;
  current: SearchIndex<FreguesiaEntry>;
  all: SearchIndex<FreguesiaEntry>;
}

const freguesiaLabel = (f: { distrito: string; concelho: string; freguesia: string }) =>
  `${f.distrito} / ${f.concelho} / ${f.freguesia}`;

const describeFreguesia = (f: FreguesiaEntry) => ({
  names: [f.freguesia, f.shortName],
  context: [f.concelho, f.distrito],
  display: f.label,
});

function toMunicipalityHit(m: MunicipalityRow, registries: RegistryInfo): MunicipalityHit {
  return {
    label: `${m.name} (${m.province})`,
    value: m.name,
    name: m.name,
    province: m.province,
    province_code: m.provinceCode,
    ine: m.ine,
    slug: m.slug,
    delivery_hours: registries.deliveryHours(m),
    slow_registry: registries.isSlow(m),
  };
}

async function loadRegistryInfo(db: AppDb): Promise<RegistryInfo> {
  const [rows, slowNames] = await Promise.all([listRegistryHours(db), listSlowRegistryNames(db)]);
  return buildRegistryInfo(rows, slowNames);
}

function toFreguesiaHit({ shortName: _, ...hit }: FreguesiaEntry): FreguesiaHit {
  return hit;
}

export async function buildIndexes(db: AppDb): Promise<Indexes> {
  const [municipalityRows, freguesiaRows, legacyRows, aliases] = await Promise.all([
    listMunicipalities(db),
    listFreguesias(db),
    listLegacyFreguesias(db),
    loadPlaceAliases(),
  ]);
  const current: FreguesiaEntry[] = freguesiaRows.map((f) => ({
    label: freguesiaLabel(f),
    value: freguesiaLabel(f),
    code: f.code,
    freguesia: f.freguesia,
    shortName: f.shortName,
    concelho: f.concelho,
    distrito: f.distrito,
    legacy: false,
  }));
  const currentLabels = new Set(current.map((f) => normalize(f.label)));
  const legacy: FreguesiaEntry[] = legacyRows
    .map((f) => ({
      ...f,
      shortName: f.freguesia,
      label: freguesiaLabel(f),
      value: freguesiaLabel(f),
      legacy: true,
    }))
    .filter((f) => !currentLabels.has(normalize(f.label)));
  return {
    // Bilingual names answer to each part ('Alacant/Alicante'); the INE order ('Rozas de Madrid, Las') too;
    // and the names people type ('La Coruña', 'Gerona'; provinces 'Guipúzcoa', 'Oviedo'), reference/README.md.
    municipalities: createSearchIndex(municipalityRows, (m) => ({
      names: [m.name, ...m.name.split('/'), m.officialName, ...(aliases.municipalities.get(m.ine) ?? [])],
      context: [m.province, ...m.province.split('/'), ...(aliases.provinces.get(m.provinceCode) ?? [])],
      display: m.name,
    })),
    current: createSearchIndex(current, describeFreguesia),
    all: createSearchIndex([...current, ...legacy], describeFreguesia),
  };
}

/** Builds the indexes when the app starts, so a query is a scan over memory. */
export const searchPlugin = fp(
  async (app) => {
    let indexes = await buildIndexes(app.db);
    app.log.debug(
      { municipalities: indexes.municipalities.size, freguesias: indexes.all.size },
      'search indexes built',
    );
    let registries = { info: await loadRegistryInfo(app.db), loadedAt: Date.now() };
    let loading: Promise<RegistryInfo> | null = null;
    /** Stale-while-revalidate: a search never waits for the tables once they were read. */
    function registryInfo(): RegistryInfo {
      if (Date.now() - registries.loadedAt > REGISTRY_TTL_MS && !loading) {
        const started = registries;
        loading = loadRegistryInfo(app.db)
          .then((info) => {
            if (registries === started) registries = { info, loadedAt: Date.now() };
            return info;
          })
          .catch((err) => {
            app.log.warn({ err }, 'reading the registry tables failed');
            return started.info;
          })
          .finally(() => {
            loading = null;
          });
      }
      return registries.info;
    }
    const service: SearchService = {
      municipalities: async (term) => {
        const hits = indexes.municipalities.search(term);
        if (hits.length === 0) return [];
        const info = registryInfo();
        return hits.map((m) => toMunicipalityHit(m, info));
      },
      freguesias: (term, scope) =>
        (scope === 'ips' ? indexes.current : indexes.all).search(term).map(toFreguesiaHit),
      async reload() {
        indexes = await buildIndexes(app.db);
        registries = { info: await loadRegistryInfo(app.db), loadedAt: Date.now() };
      },
      async reloadRegistries() {
        registries = { info: await loadRegistryInfo(app.db), loadedAt: Date.now() };
      },
    };
    app.decorate('places', service);
  },
  { name: 'search', dependencies: ['database'] },
);
