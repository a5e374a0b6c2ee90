import { describe, expect, it } from 'vitest';
import { formatElapsed, formatOrderDate, isNsUpdateOffered } from './order-dates.ts';

describe('Nota Simple update offered after more than 60 days', () => {
  const created = '2025-01-01T10:00:00Z';
  it.each([
    ['2025-03-02T10:00:00Z', false], // exactly 60 days
    ['2025-03-02T10:00:01Z', true],
    ['2025-03-01T10:00:00Z', false],
    ['2025-06-01T00:00:00Z', true],
    ['2024-12-01T00:00:00Z', false],
  ])('at %s -> %s', (now, offered) => {
    expect(isNsUpdateOffered(created, new Date(now))).toBe(offered);
    expect(isNsUpdateOffered(Date.parse(created), Date.parse(now))).toBe(offered);
  });
  it('is not offered for an unreadable date', () => {
    expect(isNsUpdateOffered('not a date', new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('order date display dd/mm/yy hh:mm in local time', () => {
  it.each([
    // Madrid: CET (+1) in winter, CEST (+2) from the last Sunday of March 01:00 UTC
    ['2024-01-15T09:05:00Z', 'Europe/Madrid', '15/01/24 10:05'],
    ['2024-07-15T09:05:00Z', 'Europe/Madrid', '15/07/24 11:05'],
    ['2024-03-31T00:59:00Z', 'Europe/Madrid', '31/03/24 01:59'],
    ['2024-03-31T01:00:00Z', 'Europe/Madrid', '31/03/24 03:00'],
    ['2024-10-27T00:59:00Z', 'Europe/Madrid', '27/10/24 02:59'],
    ['2024-10-27T01:00:00Z', 'Europe/Madrid', '27/10/24 02:00'],
    ['2024-12-31T23:30:00Z', 'Europe/Madrid', '01/01/25 00:30'],
    // Lisbon: WET (0) in winter, WEST (+1) in summer
    ['2024-01-15T09:05:00Z', 'Europe/Lisbon', '15/01/24 09:05'],
    ['2024-07-15T09:05:00Z', 'Europe/Lisbon', '15/07/24 10:05'],
    ['2024-03-31T00:59:00Z', 'Europe/Lisbon', '31/03/24 00:59'],
    ['2024-03-31T01:00:00Z', 'Europe/Lisbon', '31/03/24 02:00'],
    ['2024-12-31T23:30:00Z', 'Europe/Lisbon', '31/12/24 23:30'],
    ['2024-06-01T00:00:00.000+02:00', 'Europe/Lisbon', '31/05/24 23:00'],
  ])('%s in %s -> %s', (iso, zone, shown) => {
    expect(formatOrderDate(iso, zone)).toBe(shown);
  });
  it('returns null for an unreadable date', () => {
    expect(formatOrderDate('yesterday', 'Europe/Madrid')).toBeNull();
  });
});

describe('elapsed time for operators', () => {
  it.each([
    [0, '0 min'],
    [59, '0 min'],
    [12 * 60, '12 min'],
    [5 * 3600 + 10 * 60, '5 h 10 min'],
    [3 * 86_400 + 4 * 3600 + 59, '3 d 4 h'],
    [-30, '0 min'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatElapsed(seconds)).toBe(text);
  });
});
