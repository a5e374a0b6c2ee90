import { describe, expect, it } from 'vitest';
import {
  cifControlDigit,
  dniLetter,
  isValidCif,
  isValidNie,
  isValidNif,
  isValidPortugueseNif,
  isValidSpanishTaxId,
} from './tax-ids.ts';

describe('Spanish NIF (DNI letter)', () => {
  it.each([
    ['12345678Z', true],
    ['12345678z', true],
    ['12.345.678-Z', true],
    ['00000000T', true],
    ['12345678A', false],
    ['1234567Z', false],
    ['123456789Z', false],
    ['K1234567L', true],
    ['L1234567L', true],
    ['M1234567A', false],
    ['', false],
  ])('%s -> %s', (id, valid) => {
    expect(isValidNif(id)).toBe(valid);
  });
  it('derives the letter from the number mod 23', () => {
    expect(dniLetter(12345678)).toBe('Z');
    expect(dniLetter(0)).toBe('T');
    expect(dniLetter(22)).toBe('E');
  });
});

describe('Spanish NIE', () => {
  it.each([
    ['X1234567L', true],
    ['Y1234567X', true],
    ['Z1234567R', true],
    ['x 1234567 l', true],
    ['X1234567A', false],
    ['W1234567L', false],
    ['X123456L', false],
  ])('%s -> %s', (id, valid) => {
    expect(isValidNie(id)).toBe(valid);
  });
});

describe('Spanish CIF', () => {
  it.each([
    ['A28015865', true], // digit control required for A
    ['A58818501', true],
    ['B12345674', true],
    ['A1234567D', false],
    ['Q1234567D', true], // letter control required for Q
    ['Q12345674', false],
    ['C12345674', true], // either for C
    ['C1234567D', true],
    ['C12345675', false],
    ['B0000000J', true], // province 00: letter
    ['B00000000', false],
    ['I12345674', false], // not a type letter
    ['B1234567', false],
  ])('%s -> %s', (id, valid) => {
    expect(isValidCif(id)).toBe(valid);
  });
  it('computes the control digit', () => {
    expect(cifControlDigit('1234567')).toBe(4);
    expect(cifControlDigit('2801586')).toBe(5);
  });
});

describe('any Spanish tax id', () => {
  it.each([
    ['12345678Z', true],
    ['X1234567L', true],
    ['B12345674', true],
    ['B12345675', false],
    ['123456789', false],
  ])('%s -> %s', (id, valid) => {
    expect(isValidSpanishTaxId(id)).toBe(valid);
  });
});

describe('Portuguese NIF (mod 11)', () => {
  it.each([
    ['123456789', true],
    ['999999990', true], // final consumer
    ['PT123456789', true],
    ['123 456 789', true],
    ['123456780', false],
    ['12345678', false],
    ['023456789', false],
    ['412345678', false],
    ['450000001', true], // 4*9 + 5*8 = 76, 76 mod 11 = 10, check 1: non-resident range
    ['450000006', false],
    ['500000000', true], // 45 mod 11 = 1: check 0
    ['500000001', false],
  ])('%s -> %s', (id, valid) => {
    expect(isValidPortugueseNif(id)).toBe(valid);
  });
});
