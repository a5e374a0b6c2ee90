/**
 * Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, also
 * known as Meeus/Jones/Butcher), as an ISO date 'YYYY-MM-DD'.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An ISO date moved by `days` (calendar arithmetic in UTC, no time zone involved). */
export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Easter-dependent dates of a year: Holy Thursday, Good Friday, Easter Monday, Corpus Christi. */
export function easterDates(year: number) {
  const easter = easterSunday(year);
  return {
    holyThursday: addDaysIso(easter, -3),
    goodFriday: addDaysIso(easter, -2),
    easterSunday: easter,
    easterMonday: addDaysIso(easter, 1),
    corpusChristi: addDaysIso(easter, 60),
  };
}
