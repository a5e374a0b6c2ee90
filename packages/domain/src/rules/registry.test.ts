import { describe, expect, it } from 'vitest';
import {
  editDistance,
  isOwnerUnknown,
  isSlowRegistry,
  isUrgentOffered,
  normalizePlaceName,
} from './registry.ts';

describe('owner unknown', () => {
  it.each([
    ['', true],
    ['   ', true],
    [null, true],
    [undefined, true],
    ['Desconocido', true],
    ['DESCONOCIDO', true],
    ['No conocido', true],
    ['propietario desconocido', true],
    ['Ana López', false],
    ['Conocida SL', false],
  ])('%j -> %s', (name, unknown) => {
    expect(isOwnerUnknown(name)).toBe(unknown);
  });
});

describe('slow registry (edit distance under 2)', () => {
  const slow = ['Alcalá de Henares', 'Lugo', 'San Sebastián de los Reyes'];
  it.each([
    ['Alcalá de Henares', true],
    ['alcala de henares', true],
    ['ALCALA DE HENARES', true],
    ['Alcala de Henare', true], // one deletion
    ['Alcala  de  Henares ', true],
    ['Alcalá de Henaros', true], // one substitution
    ['Alcala de Henar', false], // two edits
    ['Lugo', true],
    ['Lugos', true],
    ['Luga', true],
    ['Lago', true],
    ['Lagos', false],
    ['Madrid', false],
    ['', false],
    ['San Sebastian de los Reyes', true],
  ])('%s -> %s', (municipality, isSlow) => {
    expect(isSlowRegistry(municipality, slow)).toBe(isSlow);
  });
  it('needs a list', () => {
    expect(isSlowRegistry('Lugo', [])).toBe(false);
  });
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['flaw', 'lawn', 2],
    ['same', 'same', 0],
    ['a', 'b', 1],
  ])('distance %s / %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
  it('normalises place names', () => {
    expect(normalizePlaceName('  Ourense  (Ñ) Águeda ')).toBe('ourense (n) agueda');
  });
});

describe('urgent service offered (delivery hours under 4)', () => {
  it.each([
    [0, true],
    [2, true],
    [3.5, true],
    [4, false],
    [24, false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
  ])('%s hours -> %s', (hours, offered) => {
    expect(isUrgentOffered(hours)).toBe(offered);
  });
});
