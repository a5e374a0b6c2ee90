import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('createReadCache', () => {
  const make = (maxEntries = 3, ttlMs = 1000) => {
    let clock = 0;
    const cache = createReadCache<string, number | null>({ maxEntries, ttlMs, now: () => clock });
    return { cache, tick: (ms: number) => (clock += ms) };
  };

  it('keeps a value read with an unchanged ticket, null (no row) included', () => {
    const { cache } = make();
    cache.set('a', 1, cache.ticket());
    cache.set('b', null, cache.ticket());
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')).toBeUndefined();
  });

  it('drops a value read before a write of any key (it may predate the write)', () => {
    const { cache } = make();
    const ticket = cache.ticket();
    cache.invalidate('other');
    cache.set('a', 1, ticket);
    expect(cache.get('a')).toBeUndefined();
  });

  it.each([
    ['invalidate', (c: ReturnType<typeof make>['cache']) => c.invalidate('a')],
    ['invalidateWhere', (c: ReturnType<typeof make>['cache']) => c.invalidateWhere((v) => v === 1)],
    ['clear', (c: ReturnType<typeof make>['cache']) => c.clear()],
  ])('forgets an entry on %s', (_name, forget) => {
    const { cache } = make();
    cache.set('a', 1, cache.ticket());
    cache.set('b', 2, cache.ticket());
    forget(cache);
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the TTL', () => {
    const { cache, tick } = make(3, 1000);
    cache.set('a', 1, cache.ticket());
    tick(999);
    expect(cache.get('a')).toBe(1);
    tick(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets the oldest entries go past maxEntries', () => {
    const { cache } = make(2);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(key, value, cache.ticket());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });
});
