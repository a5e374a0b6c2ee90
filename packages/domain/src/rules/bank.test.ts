import { describe, expect, it } from 'vitest';
import { cccControlDigit, cccToIban, isValidCcc, isValidIban } from './bank.ts';

describe('Spanish CCC', () => {
  it.each([
    [{ entidad: '2100', oficina: '0418', dc: '45', cuenta: '0200051332' }, true],
    [{ entidad: '2100', oficina: '0418', dc: '44', cuenta: '0200051332' }, false], // bank/branch digit wrong
    [{ entidad: '2100', oficina: '0418', dc: '46', cuenta: '0200051332' }, false], // account digit wrong
    [{ entidad: '2100', oficina: '0418', dc: '45', cuenta: '0200051333' }, false],
    [{ entidad: '2101', oficina: '0418', dc: '45', cuenta: '0200051332' }, false],
    [{ entidad: '210', oficina: '0418', dc: '45', cuenta: '0200051332' }, false],
    [{ entidad: '2100', oficina: '0418', dc: '45', cuenta: '200051332' }, false],
    [{ entidad: '0000', oficina: '0000', dc: '00', cuenta: '0000000000' }, true],
  ])('%j -> %s', (ccc, valid) => {
    expect(isValidCcc(ccc)).toBe(valid);
  });
  it.each([
    ['0021000418', 4],
    ['0200051332', 5],
    ['0000000000', 0], // sum 0: 11 counts as 0
    ['0000000001', 5], // 11 - 6
    ['0000000004', 9], // 4 * 6 = 24, 24 mod 11 = 2, 11 - 2 = 9
    ['1000000000', 1], // sum 1: 11 - 1 = 10 counts as 1
  ])('control digit of %s is %i', (digits, expected) => {
    expect(cccControlDigit(digits)).toBe(expected);
  });
  it('builds the IBAN of a CCC', () => {
    expect(cccToIban({ entidad: '2100', oficina: '0418', dc: '45', cuenta: '0200051332' })).toBe(
      'ES9121000418450200051332',
    );
  });
});

describe('IBAN', () => {
  it.each([
    ['ES9121000418450200051332', true],
    ['ES91 2100 0418 4502 0005 1332', true],
    ['es9121000418450200051332', true],
    ['ES9121000418450200051333', false],
    ['ES912100041845020005133', false], // ES must be 24
    ['PT50000201231234567890154', true],
    ['PT5000020123123456789015', false], // PT must be 25
    ['GB82WEST12345698765432', true],
    ['DE89370400440532013000', true],
    ['DE89370400440532013001', false],
    ['FR1420041010050500013M02606', true],
    ['XX00', false],
    ['', false],
  ])('%s -> %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });
});
