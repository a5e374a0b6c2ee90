import { describe, expect, it } from 'vitest';
import { createSearchIndex, MAX_RESULTS, normalize } from './search-index.ts';

describe('normalize', () => {
  it.each([
    ['Córdoba', 'cordoba'],
    ["L'Hospitalet de Llobregat", 'l hospitalet de llobregat'],
    ['  A  Coruña ', 'a coruna'],
    ['Alacant/Alicante', 'alacant alicante'],
    ['São João da Madeira', 'sao joao da madeira'],
    ['Rivas-Vaciamadrid', 'rivas vaciamadrid'],
  ])('%s -> %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });
});

describe('createSearchIndex', () => {
  const names = [
    'Valmadrid',
    'Humanes de Madrid',
    'Madridejos',
    'Madrid',
    'Madridanos',
    'Rivas-Vaciamadrid',
    'Getafe',
  ];
  const index = createSearchIndex(names, (name) => ({ names: [name], display: name }));

  it('ranks whole-name prefix, then word prefix, then substring; shorter then alphabetical inside a tier', () => {
    expect(index.search('madrid')).toEqual([
      'Madrid',
      'Madridanos',
      'Madridejos',
      'Humanes de Madrid',
      'Valmadrid',
      'Rivas-Vaciamadrid',
    ]);
  });

  it('ignores accents and case on both sides', () => {
    const accented = createSearchIndex(['Córdoba', 'Ávila'], (n) => ({ names: [n], display: n }));
    expect(accented.search('CORDOBA')).toEqual(['Córdoba']);
    expect(accented.search('ávi')).toEqual(['Ávila']);
  });

  it.each(['', 'm', ' m ', '-'])('answers nothing to a term shorter than 2 characters (%j)', (term) => {
    expect(index.search(term)).toEqual([]);
  });

  it('finds by context only after every name match', () => {
    const places = createSearchIndex(
      [
        { name: 'Benfica', where: 'Lisboa' },
        { name: 'Alvalade', where: 'Lisboa' },
        { name: 'Lisboa Nova', where: 'Porto' },
      ],
      (p) => ({ names: [p.name], context: [p.where], display: p.name }),
    );
    expect(places.search('lisboa').map((p) => p.name)).toEqual(['Lisboa Nova', 'Benfica', 'Alvalade']);
  });

  it(`answers at most ${MAX_RESULTS} results`, () => {
    const many = createSearchIndex(
      Array.from({ length: 50 }, (_, i) => `Villa ${i}`),
      (n) => ({ names: [n], display: n }),
    );
    expect(many.search('villa')).toHaveLength(MAX_RESULTS);
  });

  it('puts an exact name (an alias) before longer names that start with it', () => {
    const places = createSearchIndex(
      [
        { name: 'Valencia de Alcántara', aliases: [] },
        { name: 'València', aliases: ['Valencia'] },
        { name: 'Valencia de Don Juan', aliases: [] },
      ],
      (p) => ({ names: [p.name, ...p.aliases], display: p.name }),
    );
    expect(places.search('valencia')[0]?.name).toBe('València');
  });

  it('forgives one typo (a missing, extra or wrong letter) only after every exact match', () => {
    expect(index.search('getfe')).toEqual(['Getafe']);
    expect(index.search('gettafe')).toEqual(['Getafe']);
    expect(index.search('gatafe')).toEqual(['Getafe']);
    expect(index.search('getaf')).toEqual(['Getafe']); // still being typed: a prefix match
    expect(index.search('getf')).toEqual(['Getafe']); // a typo in the start typed so far
    expect(index.search('madrud')).toEqual(['Madrid', 'Madridanos', 'Madridejos', 'Humanes de Madrid']);
    expect(index.search('gtfe')).toEqual([]); // two edits
    expect(index.search('gef')).toEqual([]); // too short to guess
  });

  it('forgives no typo when told not to (company names and tax ids)', () => {
    const exact = createSearchIndex(names, (name) => ({ names: [name], display: name }), { typos: false });
    expect(exact.search('getfe')).toEqual([]);
    expect(exact.search('getafe')).toEqual(['Getafe']);
  });

  it('forgives one typo in a context place after the names', () => {
    const places = createSearchIndex(
      [
        { name: 'Sado', where: 'Setúbal' },
        { name: 'Setubalense', where: 'Évora' },
      ],
      (p) => ({ names: [p.name], context: [p.where], display: p.name }),
    );
    expect(places.search('setubl').map((p) => p.name)).toEqual(['Setubalense', 'Sado']);
  });
});
