import {
  type DeliveryHours,
  type HolidayRow,
  holidaysFor,
  normalizePlaceName,
  promiseTimeZone,
  type RegistryCalendar,
  regionOfIne,
  registryPromise,
} from '@shop/domain';

/** A registry row as the calendars read it. */
export interface RegistryCalendarRow {
  id: number;
  country: 'ES' | 'PT';
  municipality: string;
  municipalityIne: string | null;
  deliveryHours: number;
  urgentDeliveryHours: number | null;
  opensAt: string;
  closesAt: string;
  saturdayClosesAt: string | null;
}

export interface RegistryEntry {
  id: number;
  country: 'ES' | 'PT';
  hours: DeliveryHours;
  calendar: RegistryCalendar;
}

/** Every registry's calendar, built once per load (calendar-cache.ts keeps it in memory). */
export interface CalendarSnapshot {
  /**
   * The registry serving a place named in a form ('Madrid', 'Alacant/Alicante',
   * a Portuguese 'Distrito, Concelho, Freguesia'): a registry whose
   * municipality matches the whole name or one of its parts; with several, the
   * slowest (which one holds the property is not known before the order).
   */
  registryFor(place: string): RegistryEntry | null;
  registry(id: number): RegistryEntry | null;
}

/** The promise of a registry's service started at `start`; null when no registry is known. */
export function promiseOf(entry: RegistryEntry | null, urgent: boolean, start: Date) {
  const timeZone = promiseTimeZone(entry?.country ?? 'ES');
  if (!entry) return { promisedAt: null, timeZone };
  return { promisedAt: registryPromise(start, entry.hours, urgent, entry.calendar), timeZone };
}

function partsOf(place: string): string[] {
  const whole = normalizePlaceName(place);
  const parts = place.split(/[,/;]| - /).map(normalizePlaceName);
  return [...new Set([whole, ...parts].filter((p) => p !== ''))];
}

export function buildCalendarSnapshot(
  registries: readonly RegistryCalendarRow[],
  holidays: readonly HolidayRow[],
): CalendarSnapshot {
  const byId = new Map<number, RegistryEntry>();
  const byName = new Map<string, RegistryEntry>();
  for (const row of registries) {
    const entry: RegistryEntry = {
      id: row.id,
      country: row.country,
      hours: { standard: row.deliveryHours, urgent: row.urgentDeliveryHours },
      calendar: {
        timeZone: promiseTimeZone(row.country),
        weekdays: { opens: row.opensAt, closes: row.closesAt },
        saturday: row.saturdayClosesAt ? { opens: row.opensAt, closes: row.saturdayClosesAt } : null,
        holidays: holidaysFor(
          {
            country: row.country,
            region: row.country === 'ES' ? regionOfIne(row.municipalityIne) : null,
            municipalityIne: row.municipalityIne,
            municipality: row.municipality,
          },
          holidays,
        ),
      },
    };
    byId.set(row.id, entry);
    const key = normalizePlaceName(row.municipality);
    const known = byName.get(key);
    if (!known || (known.hours.standard ?? 0) < row.deliveryHours) byName.set(key, entry);
  }
  return {
    registryFor(place) {
      let found: RegistryEntry | null = null;
      for (const part of partsOf(place)) {
        const entry = byName.get(part);
        if (entry && (!found || (found.hours.standard ?? 0) < (entry.hours.standard ?? 0))) found = entry;
      }
      return found;
    },
    registry: (id) => byId.get(id) ?? null,
  };
}
