import { describe, expect, it } from 'vitest';
import { orderIdFor, parseOrderId } from './order-ids.ts';
import { hasPortugueseOrderId } from './order-status.ts';
import { STORE_IDS } from './stores.ts';

describe('orderIdFor (DECISIONS.md: store id + 8-digit sequence)', () => {
  it.each([
    [16, 42, '1600000042'],
    [1, 42, '100000042'],
    [14, 1, '1400000001'],
    [28, 99_999_999, '2899999999'],
    [9, 7, '900000007'],
  ])('store %i, sequence %i -> %s', (store, sequence, id) => {
    expect(orderIdFor(store, sequence)).toBe(id);
    expect(parseOrderId(id, STORE_IDS)).toEqual({ storeId: store, sequence });
  });

  it.each([
    [16, 0],
    [16, 100_000_000],
    [16, 1.5],
    [0, 1],
    [-14, 1],
  ])('refuses store %i, sequence %i', (store, sequence) => {
    expect(() => orderIdFor(store, sequence)).toThrow(RangeError);
  });

  it.each([
    [16, true],
    [26, true],
    [28, true],
    [14, false],
    [1, false],
    [18, false],
  ])("store %i's orders carry the Portuguese labels: %s", (store, portuguese) => {
    expect(hasPortugueseOrderId(orderIdFor(store, 5))).toBe(portuguese);
  });

  it.each(['', 'abc', '00000042', '9900000042', '1600000000', '16-0000042'])(
    'parseOrderId(%j) is null',
    (id) => {
      expect(parseOrderId(id, STORE_IDS)).toBeNull();
    },
  );
});
