import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidPhone,
  isValidPortuguesePostalCode,
  isValidSpanishPostalCode,
} from './contact.ts';

describe('postal codes', () => {
  it.each([
    ['28001', true],
    ['01001', true],
    ['52001', true],
    ['08080', true],
    ['00123', false],
    ['53001', false],
    ['99999', false],
    ['2800', false],
    ['280011', false],
    ['28 001', false],
    [' 28001 ', true],
  ])('Spain %s -> %s', (code, valid) => {
    expect(isValidSpanishPostalCode(code)).toBe(valid);
  });
  it.each([
    ['1000-001', true],
    ['4450-123', true],
    ['9999-999', true],
    ['0999-999', false],
    ['1000001', false],
    ['1000-01', false],
    ['100-0001', false],
  ])('Portugal %s -> %s', (code, valid) => {
    expect(isValidPortuguesePostalCode(code)).toBe(valid);
  });
});

describe('e-mail', () => {
  it.each([
    ['cliente@example.com', true],
    ['nombre.apellido+tag@sub.dominio.es', true],
    ['  cliente@example.pt  ', true],
    ['cliente@example', false],
    ['cliente@@example.com', false],
    ['cliente example@example.com', false],
    ['.cliente@example.com', false],
    ['cli..ente@example.com', false],
    ['cliente.@example.com', false],
    ['cliente@-example.com', false],
    ['cliente@example.c', false],
    ['@example.com', false],
    ['', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(250)}.com`, false],
  ])('%s -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('phone', () => {
  it.each([
    ['912345678', true],
    ['+34 912 345 678', true],
    ['(+351) 21-123-4567', true],
    ['12345', false],
    ['91+2345678', false],
    ['++34912345678', false],
    ['phone 912345678', false],
    ['1234567890123456', false],
  ])('%s -> %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});
