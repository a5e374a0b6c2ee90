import { describe, expect, it } from 'vitest';
import { easterDates, easterSunday } from './easter.ts';

describe('easterSunday', () => {
  // Published dates of Easter Sunday (Gregorian).
  it.each([
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('derives the movable holidays of 2026 and 2027', () => {
    expect(easterDates(2026)).toEqual({
      holyThursday: '2026-04-02',
      goodFriday: '2026-04-03',
      easterSunday: '2026-04-05',
      easterMonday: '2026-04-06',
      corpusChristi: '2026-06-04',
    });
    expect(easterDates(2027).goodFriday).toBe('2027-03-26');
    expect(easterDates(2027).corpusChristi).toBe('2027-05-27');
  });
});
