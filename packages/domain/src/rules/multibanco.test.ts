import { describe, expect, it } from 'vitest';
import {
  formatMultibancoReference,
  formatVoucherExpiry,
  isValidMultibancoReference,
  multibancoCheckDigits,
  multibancoReference,
  voucherAmountCents,
} from './multibanco.ts';

describe('Multibanco references', () => {
  it('computes the MOD 97-10 check digits: the whole number with them is 1 modulo 97', () => {
    const check = multibancoCheckDigits('11604', '0001234', 2076);
    expect(BigInt(`11604000123400002076${check}`) % 97n).toBe(1n);
  });

  it('matches the weighted-sum form SIBS publishes (weights 51 73 17 89 38 62 45 53 15 50 5 49 34 81 76 27 90 9 30 3)', () => {
    const weights = [51, 73, 17, 89, 38, 62, 45, 53, 15, 50, 5, 49, 34, 81, 76, 27, 90, 9, 30, 3];
    for (const [entity, id, amount] of [
      ['11604', '0001234', 2076],
      ['21312', '9999999', 1],
      ['10559', '0000000', 99_999_999],
    ] as const) {
      const digits = `${entity}${id}${String(amount).padStart(8, '0')}`;
      const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0);
      expect(multibancoCheckDigits(entity, id, amount)).toBe(String(98 - (sum % 97)).padStart(2, '0'));
    }
  });

  it('validates a reference against entity and amount', () => {
    const reference = multibancoReference('11604', '0001234', 2076);
    expect(reference).toMatch(/^0001234\d{2}$/);
    expect(isValidMultibancoReference('11604', reference, 2076)).toBe(true);
    expect(isValidMultibancoReference('11604', reference, 2077)).toBe(false);
    expect(isValidMultibancoReference('11605', reference, 2076)).toBe(false);
    const typo = `${reference.slice(0, 3)}${(Number(reference[3]) + 1) % 10}${reference.slice(4)}`;
    expect(isValidMultibancoReference('11604', typo, 2076)).toBe(false);
    expect(isValidMultibancoReference('11604', '12345', 2076)).toBe(false);
  });

  it('prints references in groups of three', () => {
    expect(formatMultibancoReference('123456789')).toBe('123 456 789');
  });
});

describe('voucher amount and expiry', () => {
  it('reads the amount in cents', () => {
    expect(voucherAmountCents('20.76')).toBe(2076);
    expect(voucherAmountCents('20.7')).toBe(2070);
    expect(voucherAmountCents('20')).toBe(2000);
    expect(voucherAmountCents('20,76')).toBeNull();
    expect(voucherAmountCents('')).toBeNull();
  });

  it('formats the expiry in the store zone and language', () => {
    expect(formatVoucherExpiry('2026-11-30T12:22:00.000Z', 'pt')).toMatch(
      /^30 de novembro de 2026(,| às) 12:22$/,
    );
    expect(formatVoucherExpiry('2026-11-30T12:22:00.000Z', 'es')).toMatch(
      /^30 de noviembre de 2026(,| a las) 13:22$/,
    );
    expect(formatVoucherExpiry('nope', 'en')).toBe('nope');
    expect(formatVoucherExpiry('2026-11-30T23:30:00.000Z', 'es', { time: false })).toBe(
      '1 de diciembre de 2026',
    );
  });
});
