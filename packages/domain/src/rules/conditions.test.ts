import { describe, expect, it } from 'vitest';
import type { Condition } from '../schemas/product.ts';
import { definition } from '../testing/definitions.ts';
import {
  conditionHolds,
  conditionsHold,
  isOptionVisible,
  offeredRelatedProducts,
  specialHiddenOptions,
  visibleOptions,
} from './conditions.ts';

describe('conditionHolds', () => {
  const values = { 10: '55', 11: '15/06/2024', 12: '1-ene-2020', 13: '', 14: 'not a date' };
  it.each<[string, Condition, boolean]>([
    ['eq single value', { option_id: 10, value: '55' }, true],
    ['eq explicit op', { option_id: 10, value: '55', op: 'eq' }, true],
    ['eq other value', { option_id: 10, value: '56' }, false],
    ['eq any of a list', { option_id: 10, value: ['54', '55'] }, true],
    ['eq none of a list', { option_id: 10, value: ['54', '56'] }, false],
    ['eq empty list', { option_id: 10, value: [] }, false],
    ['eq on a missing option', { option_id: 99, value: '55' }, false],
    ['eq empty value matches a missing option', { option_id: 99, value: '' }, true],
    ['eq blank value', { option_id: 13, value: '55' }, false],
    ['gtdate later', { option_id: 11, value: '01/06/2024', op: 'gtdate' }, true],
    ['gtdate same day', { option_id: 11, value: '15/06/2024', op: 'gtdate' }, false],
    ['gtdate earlier', { option_id: 11, value: '16-jun-2024', op: 'gtdate' }, false],
    ['ltdate earlier', { option_id: 11, value: '16-jun-2024', op: 'ltdate' }, true],
    ['ltdate same day', { option_id: 11, value: '15.06.2024', op: 'ltdate' }, false],
    ['ltdate later', { option_id: 11, value: '14/06/2024', op: 'ltdate' }, false],
    ['gtdate month-name value', { option_id: 12, value: '31/12/2019', op: 'gtdate' }, true],
    ['gtdate without a value', { option_id: 13, value: '01/01/2000', op: 'gtdate' }, false],
    ['ltdate without a value', { option_id: 13, value: '01/01/2100', op: 'ltdate' }, false],
    ['gtdate on text', { option_id: 14, value: '01/01/2000', op: 'gtdate' }, false],
    ['gtdate against a bad condition date', { option_id: 11, value: '31/02/2020', op: 'gtdate' }, false],
    ['gtdate against a list', { option_id: 11, value: ['01/01/2000'], op: 'gtdate' }, false],
  ])('%s', (_name, condition, expected) => {
    expect(conditionHolds(condition, values)).toBe(expected);
  });

  it('conditionsHold needs every condition; an empty list holds', () => {
    expect(conditionsHold([], {})).toBe(true);
    expect(
      conditionsHold(
        [
          { option_id: 1, value: 'a' },
          { option_id: 2, value: ['b', 'c'] },
        ],
        { 1: 'a', 2: 'c' },
      ),
    ).toBe(true);
    expect(
      conditionsHold(
        [
          { option_id: 1, value: 'a' },
          { option_id: 2, value: ['b', 'c'] },
        ],
        { 1: 'a', 2: 'd' },
      ),
    ).toBe(false);
  });
});

describe('option visibility', () => {
  const deed = definition({
    product_id: 18458,
    name: 'Copia de escritura',
    price: 3900,
    options: [
      { option_id: 1655, title: '¿Quién solicita?', type: 'radio', opt_values: [{ id: 4324, name: 'Otro' }] },
      { option_id: 1653, title: 'A', type: 'field' },
      { option_id: 1654, title: 'B', type: 'field' },
      { option_id: 1699, title: 'C', type: 'field' },
      { option_id: 1660, title: 'D', type: 'field' },
      { option_id: 1700, title: 'E', type: 'field', previous_steps: [{ option_id: 1655, value: '4325' }] },
    ],
  });
  const ids = (values: Record<number, string>) => visibleOptions(deed, values).map((o) => o.option_id);

  it.each([
    ['1655 = 4324 hides 1653, 1654, 1699 and 1660', { 1655: '4324' }, [1655]],
    ['otherwise only 1660 is hidden', { 1655: '4325' }, [1655, 1653, 1654, 1699, 1700]],
    ['no answer: 1660 hidden, 1700 unmet', {}, [1655, 1653, 1654, 1699]],
  ])('product 18458: %s', (_name, values, expected) => {
    expect(ids(values)).toEqual(expected);
  });

  it('the special case belongs to product 18458 only', () => {
    expect(specialHiddenOptions(18464, { 1655: '4324' })).toEqual([]);
    const other = definition({ ...deed, product_id: 18464 });
    expect(isOptionVisible(other, { option_id: 1660, previous_steps: [] }, { 1655: '4324' })).toBe(true);
    expect(isOptionVisible(deed, { option_id: 1660, previous_steps: [] }, { 1655: '4324' })).toBe(false);
  });

  it('hides an option whose previous_steps do not all hold', () => {
    const energy = definition({
      product_id: 18464,
      name: 'Certificado energético',
      price: 9900,
      options: [
        { option_id: 1, title: 'Tipo', type: 'radio_button' },
        {
          option_id: 2,
          title: 'Superficie',
          type: 'field',
          previous_steps: [{ option_id: 1, value: ['10', '11'] }],
        },
        {
          option_id: 3,
          title: 'Local',
          type: 'field',
          previous_steps: [
            { option_id: 1, value: '11' },
            { option_id: 2, value: '100' },
          ],
        },
      ],
    });
    const shown = (values: Record<number, string>) => visibleOptions(energy, values).map((o) => o.option_id);
    expect(shown({})).toEqual([1]);
    expect(shown({ 1: '10' })).toEqual([1, 2]);
    expect(shown({ 1: '11', 2: '100' })).toEqual([1, 2, 3]);
    expect(shown({ 1: '10', 2: '100' })).toEqual([1, 2]);
  });

  it('offers related products only when related_conditions hold', () => {
    const def = definition({
      product_id: 18346,
      name: 'Cancelación de hipoteca',
      price: 1000,
      related_product: [{ product_id: 15867, name: 'Nota Simple', price: 2076 }],
      related_conditions: [{ option_id: 5, value: 'si' }],
    });
    expect(offeredRelatedProducts(def, { 5: 'si' }).map((p) => p.product_id)).toEqual([15867]);
    expect(offeredRelatedProducts(def, { 5: 'no' })).toEqual([]);
  });
});
