import { describe, expect, it } from 'vitest';
import { isCalendarDay, OrderQueueQuerySchema } from './admin.ts';

describe('back-office date filters', () => {
  it.each([
    ['2026-11-24', true],
    ['2024-02-29', true],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['0000-01-31', false],
    ['2026-02-29', false],
    ['2026-04-31', false],
  ])('%s is a calendar day: %s', (day, expected) => {
    expect(isCalendarDay(day)).toBe(expected);
  });

  it('refuses a day PostgreSQL cannot read (a 500 found by the fuzz test)', () => {
    expect(OrderQueueQuerySchema.safeParse({ to: '0000-01-31' }).success).toBe(false);
    expect(OrderQueueQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(OrderQueueQuerySchema.safeParse({ from: '2026-02-28', to: '2026-03-01' }).success).toBe(true);
  });
});
