import { describe, expect, it } from 'vitest';
import {
  compareDates,
  daysInMonth,
  formatSpecDate,
  isoToSpecDate,
  isValidSpecDate,
  parseSpecDate,
  specDateToIso,
} from './spec-date.ts';

describe('parseSpecDate (spec 5 formats)', () => {
  it.each([
    // day-monthname-year with the Spanish abbreviations, any case
    ['01-ene-2024', { y: 2024, m: 1, d: 1 }],
    ['1-feb-2024', { y: 2024, m: 2, d: 1 }],
    ['15-mar-2024', { y: 2024, m: 3, d: 15 }],
    ['30-abr-2024', { y: 2024, m: 4, d: 30 }],
    ['31-may-2024', { y: 2024, m: 5, d: 31 }],
    ['30-jun-2024', { y: 2024, m: 6, d: 30 }],
    ['31-jul-2024', { y: 2024, m: 7, d: 31 }],
    ['31-ago-2024', { y: 2024, m: 8, d: 31 }],
    ['30-sep-2024', { y: 2024, m: 9, d: 30 }],
    ['31-oct-2024', { y: 2024, m: 10, d: 31 }],
    ['30-nov-2024', { y: 2024, m: 11, d: 30 }],
    ['31-dic-2024', { y: 2024, m: 12, d: 31 }],
    ['29-FEB-2024', { y: 2024, m: 2, d: 29 }],
    ['29-Feb-2024', { y: 2024, m: 2, d: 29 }],
    ['5/dic/2023', { y: 2023, m: 12, d: 5 }],
    ['5.dic.2023', { y: 2023, m: 12, d: 5 }],
    ['5 dic 2023', { y: 2023, m: 12, d: 5 }],
    // d.m.y, d-m-y, d/m/y
    ['29/02/2024', { y: 2024, m: 2, d: 29 }],
    ['29-02-2024', { y: 2024, m: 2, d: 29 }],
    ['29.02.2024', { y: 2024, m: 2, d: 29 }],
    ['1/2/2024', { y: 2024, m: 2, d: 1 }],
    [' 01/02/2024 ', { y: 2024, m: 2, d: 1 }],
    ['29/02/2000', { y: 2000, m: 2, d: 29 }],
  ])('%s -> %j', (text, date) => {
    expect(parseSpecDate(text)).toEqual(date);
    expect(isValidSpecDate(text)).toBe(true);
  });

  it.each([
    ['29-feb-2023', 'not a leap year'],
    ['31/04/2024', 'April has 30 days'],
    ['29/02/1900', '1900 is not a leap year'],
    ['30-feb-2024', 'no 30 February'],
    ['32/01/2024', 'no day 32'],
    ['00/01/2024', 'no day 0'],
    ['01/13/2024', 'no month 13'],
    ['01/00/2024', 'no month 0'],
    ['01/02/24', 'two-digit year refused'],
    ['01-feb-24', 'two-digit year refused'],
    ['01/02-2024', 'mixed separators'],
    ['01-feb/2024', 'mixed separators'],
    ['01 02 2024', 'spaces only with a month name'],
    ['01-jan-2024', 'English month'],
    ['01-sept-2024', 'four-letter month'],
    ['01-set-2024', 'Portuguese month'],
    ['2024-02-01', 'ISO order is not a spec format'],
    ['01/02/0999', 'years before 1000 refused'],
    ['', 'empty'],
    ['mañana', 'text'],
  ])('%s is invalid (%s)', (text) => {
    expect(parseSpecDate(text)).toBeNull();
    expect(isValidSpecDate(text)).toBe(false);
  });
});

describe('date helpers', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2024, 4, 30],
    [2024, 12, 31],
  ])('%i-%i has %i days', (y, m, days) => {
    expect(daysInMonth(y, m)).toBe(days);
  });
  it('compares dates', () => {
    expect(compareDates({ y: 2024, m: 1, d: 2 }, { y: 2024, m: 1, d: 1 })).toBeGreaterThan(0);
    expect(compareDates({ y: 2023, m: 12, d: 31 }, { y: 2024, m: 1, d: 1 })).toBeLessThan(0);
    expect(compareDates({ y: 2024, m: 3, d: 1 }, { y: 2024, m: 3, d: 1 })).toBe(0);
  });
  it('formats and converts', () => {
    expect(formatSpecDate({ y: 2024, m: 2, d: 9 })).toBe('09/02/2024');
    expect(isoToSpecDate('2024-02-29')).toBe('29/02/2024');
    expect(isoToSpecDate('2023-02-29')).toBeNull();
    expect(isoToSpecDate('29/02/2024')).toBeNull();
    expect(specDateToIso('5-dic-2023')).toBe('2023-12-05');
    expect(specDateToIso('31/04/2024')).toBeNull();
  });
});
