import { describe, expect, it } from 'vitest';
import { ProductDefinitionSchema } from '../schemas/product.ts';
import { catalogueProblems, eurosText, parseEuros, sameDefinition } from './catalogue-editing.ts';

describe('euros typed in the catalogue editor', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.05 €', 1205],
    [' 0,99 ', 99],
    ['20,76', 2076],
  ])('%s is %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'doce', '12,505', '-1', '1.234,50', '12,'])('refuses %j', (text) => {
    expect(parseEuros(text)).toBeNull();
  });

  it('writes cents back as text that parses to the same cents', () => {
    for (const cents of [0, 5, 99, 1200, 2076, 1999999]) expect(parseEuros(eurosText(cents))).toBe(cents);
    expect(eurosText(2076)).toBe('20,76');
  });
});

describe('catalogue rules', () => {
  const base = ProductDefinitionSchema.parse({
    product_id: 7,
    name: 'Producto',
    price: 2000,
    official_fee: 500,
    options: [
      { option_id: 1, title: 'Tipo', type: 'radio', opt_values: [{ id: 1, name: 'A' }] },
      { option_id: 2, title: 'Dato', type: 'field', previous_steps: [{ option_id: 1, value: '1' }] },
    ],
  });

  it('accepts a definition whose references hold', () => {
    expect(catalogueProblems(base)).toEqual([]);
  });

  it('names each broken reference by its path', () => {
    const broken = ProductDefinitionSchema.parse({
      ...base,
      official_fee: 3000,
      options: [
        { option_id: 1, title: 'Tipo', type: 'radio', opt_values: [] },
        { option_id: 1, title: '', type: 'field', previous_steps: [{ option_id: 9, value: '1' }] },
      ],
    });
    expect(catalogueProblems(broken)).toEqual([
      { path: 'official_fee', message: 'above_price' },
      { path: 'options.1.option_id', message: 'duplicate' },
      { path: 'options.0.opt_values', message: 'required' },
      { path: 'options.1.title', message: 'required' },
      { path: 'options.1.previous_steps.0.option_id', message: 'unknown_option' },
    ]);
  });

  it('sees no change when only defaults or key order differ', () => {
    const { description: _d, ...withoutDefault } = base;
    expect(sameDefinition(base, withoutDefault)).toBe(true);
    expect(
      sameDefinition(
        base,
        JSON.parse(
          JSON.stringify(base)
            .replace('"name":"Producto","price"', '"price"')
            .replace('"product_id":7', '"product_id":7,"name":"Producto"'),
        ),
      ),
    ).toBe(true);
    expect(sameDefinition(base, { ...base, price: 2001 })).toBe(false);
  });
});
