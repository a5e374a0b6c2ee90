import { normalizePlaceName } from './registry.ts';

/** Office hours of one day, 'HH:MM' 24 h in the registry's time zone. */
export interface OfficeHours {
  opens: string;
  closes: string;
}

/** What the promise needs to know about one registry (or conservatória). */
export interface RegistryCalendar {
  timeZone: 'Europe/Madrid' | 'Europe/Lisbon';
  /** Monday to Friday. */
  weekdays: OfficeHours;
  /** Saturday morning, when it opens at all; never in August (registries close then). */
  saturday: OfficeHours | null;
  /** ISO dates the office is closed (national, community and local holidays). */
  holidays: ReadonlySet<string>;
}

/** A holiday row as the calendar is built from (DB rows or the seed). */
export interface HolidayRow {
  date: string;
  country: 'ES' | 'PT';
  region: string | null;
  municipality: string | null;
}

/** Where a registry is: its country, community (Spain) and municipality (INE code, or concelho name). */
export interface RegistryPlace {
  country: 'ES' | 'PT';
  region: string | null;
  municipalityIne: string | null;
  municipality: string;
}

/** The days the office at `place` is closed: the country's, its community's and its municipality's. */
export function holidaysFor(place: RegistryPlace, rows: readonly HolidayRow[]): Set<string> {
  const name = normalizePlaceName(place.municipality);
  const dates = new Set<string>();
  for (const row of rows) {
    if (row.country !== place.country) continue;
    if (row.municipality !== null) {
      const local =
        row.municipality === place.municipalityIne || normalizePlaceName(row.municipality) === name;
      if (!local) continue;
    } else if (row.region !== null && row.region !== place.region) continue;
    dates.add(row.date);
  }
  return dates;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string) {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, minutes: Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60 };
}

/** The instant a wall-clock date and minute of the day happen in a time zone. */
export function fromWallClock(date: string, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    0,
    minutes,
  );
  // Correct by the zone's offset at the guess, then once more across a DST change.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const wall = wallClock(new Date(instant), timeZone);
    const wallMs = Date.UTC(
      Number(wall.date.slice(0, 4)),
      Number(wall.date.slice(5, 7)) - 1,
      Number(wall.date.slice(8, 10)),
      0,
      Math.round(wall.minutes),
    );
    instant += guess - wallMs;
  }
  return new Date(instant);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The office hours of a date, or null when the office is closed all day. */
export function officeHoursOn(date: string, calendar: RegistryCalendar): OfficeHours | null {
  if (calendar.holidays.has(date)) return null;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return null;
  if (weekday === 6) return date.slice(5, 7) === '08' ? null : calendar.saturday;
  return calendar.weekdays;
}

/** Promised times are rounded up to these minutes ("antes de las 13:40"). */
const ROUND_MINUTES = 5;
/** Search no further than this for the office's working time (a calendar with no working day). */
const MAX_DAYS = 60;

/**
 * When an order started at `start` is promised: `hours` working hours of the
 * registry's calendar later, counting only office hours on working days
 * (weekends, Saturdays of August and the calendar's holidays skipped), rounded
 * up to 5 minutes. A start outside office hours counts from the next opening.
 */
export function promiseDeadline(start: Date, hours: number, calendar: RegistryCalendar): Date {
  const now = wallClock(start, calendar.timeZone);
  let date = now.date;
  let from = now.minutes;
  let remaining = Math.max(0, hours) * 60;
  for (let day = 0; day < MAX_DAYS; day++) {
    const office = officeHoursOn(date, calendar);
    if (office) {
      const opens = toMinutes(office.opens);
      const closes = toMinutes(office.closes);
      const begin = Math.max(from, opens);
      if (begin < closes) {
        if (begin + remaining <= closes) {
          const at = Math.ceil((begin + remaining) / ROUND_MINUTES) * ROUND_MINUTES;
          return fromWallClock(date, at, calendar.timeZone);
        }
        remaining -= closes - begin;
      }
    }
    date = nextDay(date);
    from = 0;
  }
  throw new Error('promiseDeadline: no working day within 60 days');
}

/** A registry's delivery hours: the standard service's and the urgent one's (null: as the standard). */
export interface DeliveryHours {
  standard: number | null;
  urgent: number | null;
}

/**
 * The promised delivery of an order started at `start`, as an ISO instant; null
 * when the registry's hours or calendar are unknown (the store's nsCopy is
 * shown then, spec 9).
 */
export function registryPromise(
  start: Date,
  hours: DeliveryHours,
  urgent: boolean,
  calendar: RegistryCalendar | null,
): string | null {
  const working = urgent ? (hours.urgent ?? hours.standard) : hours.standard;
  if (working === null || calendar === null) return null;
  return promiseDeadline(start, working, calendar).toISOString();
}
