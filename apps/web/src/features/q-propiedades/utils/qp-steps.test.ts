import { ProductDefinitionSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { maximumPrice, originFromQuery } from './qp-steps.ts';

// The seed catalogue's prices: the search 12 €, a located property 20,76 €.
const products = {
  search: z.parse(ProductDefinitionSchema, { product_id: 18357, name: 'Conocer propiedades', price: 1200 }),
  located: z.parse(ProductDefinitionSchema, { product_id: 18324, name: 'Propiedad localizada', price: 2076 }),
};

describe('properties search prices', () => {
  it.each([
    ['all', null],
    ['50', 1200 + 50 * 2076],
    ['25', 1200 + 25 * 2076],
    ['10', 1200 + 10 * 2076],
    ['3', 1200 + 3 * 2076],
    ['1', 3276],
    ['', null],
  ] as const)('count %s: maximum %s cents', (count, cents) => {
    expect(maximumPrice(products, count)).toBe(cents);
  });

  it.each([
    ['?store_id=14', null],
    ['?origin=ns&origin_id=1400000042', { proviene_de_ns: true, origin: 'ns', origin_id: '1400000042' }],
    ['?proviene_de_ns=1', { proviene_de_ns: true }],
    ['?origin=landing&origin_id=77', { proviene_de_ns: false, origin: 'landing', origin_id: '77' }],
  ])('origin from %s', (search, expected) => {
    expect(originFromQuery(search)).toEqual(expected);
  });
});
