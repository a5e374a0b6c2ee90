/** A calendar date; `m` is 1-12. */
export type SpecDate = { y: number; m: number; d: number };

/** The Spanish 3-letter month abbreviations of spec 5, January first. */
export const SPANISH_MONTHS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
] as const;

// day-monthname-year: the two separators must be equal: '-', '/', '.' or spaces.
const MONTH_NAME = /^(\d{1,2})([-/.]|\s+)([a-z]{3})\2(\d{4})$/i;
// d.m.y, d-m-y or d/m/y with a 4-digit year; the two separators must be equal.
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/;

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function checked(y: number, m: number, d: number): SpecDate | null {
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/**
 * Parses a date in the spec 5 formats ('29-feb-2024', '29/02/2024', '29.02.2024',
 * '29-02-2024'); null when the text is not a real calendar date in one of them.
 * Two-digit years are refused (the century would be a guess).
 */
export function parseSpecDate(text: string): SpecDate | null {
  const trimmed = text.trim();
  const named = MONTH_NAME.exec(trimmed);
  if (named) {
    const month = SPANISH_MONTHS.indexOf(named[3]?.toLowerCase() as (typeof SPANISH_MONTHS)[number]);
    if (month < 0) return null;
    return checked(Number(named[4]), month + 1, Number(named[1]));
  }
  const numeric = NUMERIC.exec(trimmed);
  if (numeric) return checked(Number(numeric[4]), Number(numeric[3]), Number(numeric[1]));
  return null;
}

/** True when the text is a real calendar date in one of the spec 5 formats. */
export function isValidSpecDate(text: string): boolean {
  return parseSpecDate(text) !== null;
}

/** Orders two dates: negative when a is earlier, 0 when equal, positive when later. */
export function compareDates(a: SpecDate, b: SpecDate): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/** Formats a date as dd/mm/yyyy, the form the storefront writes. */
export function formatSpecDate(date: SpecDate): string {
  return `${String(date.d).padStart(2, '0')}/${String(date.m).padStart(2, '0')}/${date.y}`;
}

/** Converts an ISO yyyy-mm-dd (an HTML date input's value) to dd/mm/yyyy; null when not a real date. */
export function isoToSpecDate(iso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!match) return null;
  const date = checked(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? formatSpecDate(date) : null;
}

/** Converts a spec date text to ISO yyyy-mm-dd; null when invalid. */
export function specDateToIso(text: string): string | null {
  const date = parseSpecDate(text);
  if (!date) return null;
  return `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}
