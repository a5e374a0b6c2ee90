import { describe, expect, it } from 'vitest';
import { hostCandidates, resolveStoreId, type StoreResolutionInput } from './store-resolution.ts';

const known = new Set([1, 14, 16, 17, 26]);
const envHosts = new Map([
  ['notas.example', 16],
  ['ghost.example', 99],
]);
const dbHosts = new Map([
  ['notas.example', 1],
  ['predial.example', 26],
]);

function resolve(overrides: Partial<StoreResolutionInput>) {
  return resolveStoreId({
    hosts: [],
    queryStoreId: undefined,
    sessionStoreId: null,
    hostMaps: [envHosts, dbHosts],
    isKnownStore: (id) => known.has(id),
    ...overrides,
  });
}

describe('resolveStoreId', () => {
  it.each([
    ['nothing given: 14', {}, { storeId: 14, source: 'default', remember: true }],
    ['session store', { sessionStoreId: 17 }, { storeId: 17, source: 'session', remember: false }],
    [
      'query wins over session, remembered',
      { queryStoreId: '16', sessionStoreId: 17 },
      { storeId: 16, source: 'query', remember: true },
    ],
    [
      'query equal to session: nothing to remember',
      { queryStoreId: '16', sessionStoreId: 16 },
      { storeId: 16, source: 'query', remember: false },
    ],
    [
      'unknown query id ignored',
      { queryStoreId: '99', sessionStoreId: 17 },
      { storeId: 17, source: 'session', remember: false },
    ],
    [
      'non-numeric query id ignored',
      { queryStoreId: '16abc' },
      { storeId: 14, source: 'default', remember: true },
    ],
    [
      'first of repeated query ids',
      { queryStoreId: ['26', '16'] },
      { storeId: 26, source: 'query', remember: true },
    ],
    [
      'unknown session store falls back to 14',
      { sessionStoreId: 99 },
      { storeId: 14, source: 'default', remember: true },
    ],
    [
      'STORE_HOSTS beats query and session',
      { hosts: ['notas.example'], queryStoreId: '17', sessionStoreId: 17 },
      { storeId: 16, source: 'host', remember: false },
    ],
    [
      'stores.hostnames when STORE_HOSTS has no entry',
      { hosts: ['predial.example'] },
      { storeId: 26, source: 'host', remember: false },
    ],
    [
      'mapping to an unknown store is skipped',
      { hosts: ['ghost.example'], queryStoreId: '1' },
      { storeId: 1, source: 'query', remember: true },
    ],
    [
      'unmapped host: query',
      { hosts: ['other.example'], queryStoreId: '16' },
      { storeId: 16, source: 'query', remember: true },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(resolve(input as Partial<StoreResolutionInput>)).toEqual(expected);
  });
});

describe('hostCandidates', () => {
  it.each([
    ['Notas.Example:8080', ['notas.example:8080', 'notas.example']],
    ['notas.example', ['notas.example']],
    [undefined, []],
  ])('%s', (host, expected) => {
    expect(hostCandidates(host)).toEqual(expected);
  });
});
