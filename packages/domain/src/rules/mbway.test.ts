import { describe, expect, it } from 'vitest';
import { isValidMbwayPhone, mbwayPhoneDigits } from './mbway.ts';

describe('MB WAY phone', () => {
  it.each([
    ['912345678', '912345678'],
    ['+351 912 345 678', '912345678'],
    ['00351-936-000-111', '936000111'],
    [' 96 123 45 67 ', '961234567'],
  ])('%s -> %s', (text, digits) => {
    expect(mbwayPhoneDigits(text)).toBe(digits);
    expect(isValidMbwayPhone(text)).toBe(true);
  });

  it.each(['', '812345678', '91234567', '9123456789', '+34 612 345 678', '+351 212 345 678', 'abc', '+351'])(
    'refuses %j',
    (text) => {
      expect(isValidMbwayPhone(text)).toBe(false);
    },
  );
});
