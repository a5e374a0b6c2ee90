import { describe, expect, it } from 'vitest';
import {
  checkCardExpiry,
  checkCardNumber,
  luhnValid,
  normalizeCardMonth,
  normalizeCardYear,
} from './card.ts';

describe('card number (16 digits, Luhn)', () => {
  it.each([
    ['4111111111111111', null],
    ['4242 4242 4242 4242', null],
    ['5555-5555-5555-4444', null],
    ['4111111111111112', 'invalid_card_number'],
    ['378282246310005', 'invalid_card_number'], // Luhn-valid but 15 digits
    ['41111111111111111', 'invalid_card_number'],
    ['4111a11111111111', 'invalid_card_number'],
    ['', 'invalid_card_number'],
  ])('%s -> %s', (num, problem) => {
    expect(checkCardNumber(num)).toBe(problem);
  });
  it('Luhn on other lengths', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('card month and year', () => {
  it.each([
    ['03', '3'],
    ['3', '3'],
    ['12', '12'],
    ['10', '10'],
    ['00', null],
    ['13', null],
    ['', null],
    ['1a', null],
  ])('month %s -> %s', (input, stored) => {
    expect(normalizeCardMonth(input)).toBe(stored);
  });
  it.each([
    ['27', 2027],
    ['2027', 2027],
    ['027', null],
    ['', null],
  ])('year %s -> %s', (input, year) => {
    expect(normalizeCardYear(input)).toBe(year);
  });

  const now = new Date('2025-06-15T10:00:00Z');
  it.each([
    ['6', '2025', null], // valid through the end of June
    ['06', '25', null],
    ['7', '2025', null],
    ['5', '2025', 'card_expired'],
    ['1', '2026', null],
    ['12', '2024', 'invalid_card_year'],
    ['12', '2045', null],
    ['12', '2046', 'invalid_card_year'],
    ['13', '2026', 'invalid_card_month'],
    ['', '2026', 'card_date_required'],
    ['6', '', 'card_date_required'],
    ['6', 'abcd', 'invalid_card_year'],
  ])('month %s year %s at 2025-06-15 -> %s', (month, year, problem) => {
    expect(checkCardExpiry(month, year, now)).toBe(problem);
  });
});
