import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import { listFreguesias, listLegacyFreguesias, listMunicipalities } from './search.repository.ts';
import type { FreguesiaHit, MunicipalityHit } from './search.schemas.ts';
import { createSearchIndex, normalize, type SearchIndex } from './search-index.ts';

/** all = current freguesias + legacy 2013 names; ips = current only. */
export type FreguesiaScope = 'all' | 'ips';

declare module 'fastify' {
  interface FastifyInstance {
    places: SearchService;
  }
}

export interface SearchService {
  municipalities(term: string): MunicipalityHit[];
  freguesias(term: string, scope: FreguesiaScope): FreguesiaHit[];
  /** Rebuilds the indexes from the database (after reference data changes). */
  reload(): Promise<void>;
}

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
  context: `${f.concelho} ${f.distrito}`,
  display: f.label,
});

function toMunicipalityHit(m: MunicipalityRow): MunicipalityHit {
  return {
    label: `${m.name} (${m.province})`,
    value: m.name,
    name: m.name,
    province: m.province,
    province_code: m.provinceCode,
    ine: m.ine,
    slug: m.slug,
  };
}

function toFreguesiaHit({ shortName: _, ...hit }: FreguesiaEntry): FreguesiaHit {
  return hit;
}

export async function buildIndexes(db: AppDb): Promise<Indexes> {
  const [municipalityRows, freguesiaRows, legacyRows] = await Promise.all([
    listMunicipalities(db),
    listFreguesias(db),
    listLegacyFreguesias(db),
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
    // Bilingual names answer to each part ('Alacant/Alicante'); the INE order ('Rozas de Madrid, Las') too.
    municipalities: createSearchIndex(municipalityRows, (m) => ({
      names: [m.name, ...m.name.split('/'), m.officialName],
      context: m.province,
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
    const service: SearchService = {
      municipalities: (term) => indexes.municipalities.search(term).map(toMunicipalityHit),
      freguesias: (term, scope) =>
        (scope === 'ips' ? indexes.current : indexes.all).search(term).map(toFreguesiaHit),
      async reload() {
        indexes = await buildIndexes(app.db);
      },
    };
    app.decorate('places', service);
  },
  { name: 'search', dependencies: ['database'] },
);
