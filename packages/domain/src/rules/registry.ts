/** True when an owner name counts as unknown: blank or containing 'onocido' ('Desconocido', 'No conocido'). */
export function isOwnerUnknown(name: string | null | undefined): boolean {
  const text = (name ?? '').trim();
  return text === '' || text.toLowerCase().includes('onocido');
}

/** Lower-case, accents removed, spaces collapsed: how place names are compared. */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * Whether a municipality is served by a slow registry (spec 5): its name is within
 * edit distance under 2 of a name in `slowNames` (operator data), ignoring case and accents.
 */
export function isSlowRegistry(municipality: string, slowNames: readonly string[]): boolean {
  const name = normalizePlaceName(municipality);
  if (name === '') return false;
  return slowNames.some((candidate) => editDistance(name, normalizePlaceName(candidate)) < 2);
}

/** The delivery hours under which urgent service is offered (spec 9). */
export const URGENT_MAX_DELIVERY_HOURS = 4;

/** Urgent service is offered when the registry's delivery hours are under 4 (spec 9). */
export function isUrgentOffered(deliveryHours: number | null | undefined): boolean {
  return (
    typeof deliveryHours === 'number' &&
    Number.isFinite(deliveryHours) &&
    deliveryHours < URGENT_MAX_DELIVERY_HOURS
  );
}
