import { isSlowRegistry, normalizePlaceName } from '@shop/domain';

/** A municipality as the registry data is matched against it. */
export interface PlaceKey {
  ine: string;
  name: string;
  officialName: string;
}

export interface RegistryRow {
  municipalityIne: string | null;
  municipality: string;
  deliveryHours: number;
}

/** What the operator-managed registry tables say about a municipality. */
export interface RegistryInfo {
  /**
   * The usual delivery hours of its property registry (registries table): rows
   * with its INE code, or without a code and with its name. A municipality with
   * several registries (a city) gets the slowest: which one holds a given
   * property is not known before the order, and urgent service (spec 9: under
   * 4 hours) is only offered when it can be kept. Null when no row matches.
   */
  deliveryHours(place: PlaceKey): number | null;
  /** Served by a slow registry (spec 5): the domain's isSlowRegistry over slow_registry_places. */
  isSlow(place: PlaceKey): boolean;
}

/** The names a municipality goes by: both parts of a bilingual 'Alacant/Alicante', the INE form. */
function namesOf(place: PlaceKey): string[] {
  const names = [place.name, ...place.name.split('/'), place.officialName, ...place.officialName.split('/')];
  return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}

export function buildRegistryInfo(rows: RegistryRow[], slowNames: string[]): RegistryInfo {
  const byIne = new Map<string, number>();
  const byName = new Map<string, number>();
  const slowest = (map: Map<string, number>, key: string, hours: number) =>
    map.set(key, Math.max(hours, map.get(key) ?? hours));
  for (const row of rows) {
    if (row.municipalityIne) slowest(byIne, row.municipalityIne, row.deliveryHours);
    else slowest(byName, normalizePlaceName(row.municipality), row.deliveryHours);
  }
  // The edit distance against every slow name costs: once per municipality is enough.
  const slow = new Map<string, boolean>();
  return {
    deliveryHours(place) {
      const hours = [
        byIne.get(place.ine),
        ...namesOf(place).map((n) => byName.get(normalizePlaceName(n))),
      ].filter((h): h is number => h !== undefined);
      return hours.length > 0 ? Math.max(...hours) : null;
    },
    isSlow(place) {
      let known = slow.get(place.ine);
      if (known === undefined) {
        known = namesOf(place).some((name) => isSlowRegistry(name, slowNames));
        slow.set(place.ine, known);
      }
      return known;
    },
  };
}
