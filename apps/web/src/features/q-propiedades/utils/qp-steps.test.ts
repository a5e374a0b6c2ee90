import { describe, expect, it } from 'vitest';
import { maximumPrice, originFromQuery, qpNeighbour, qpStepNumber } from './qp-steps.ts';

describe('properties search steps and prices', () => {
  it.each([
    ['all', null],
    ['50', 1200 + 50 * 2076],
    ['25', 1200 + 25 * 2076],
    ['10', 1200 + 10 * 2076],
    ['3', 1200 + 3 * 2076],
    ['1', 3276],
    ['', null],
  ] as const)('count %s: maximum %s cents', (count, cents) => {
    expect(maximumPrice(count)).toBe(cents);
  });

  it('numbers and neighbours', () => {
    expect(qpStepNumber('step4')).toBe(4);
    expect(qpNeighbour('step1', -1)).toBeUndefined();
    expect(qpNeighbour('step7', 1)).toBeUndefined();
    expect(qpNeighbour('step3', 1)).toBe('step4');
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
