import { DEFAULT_STORE_ID } from '@shop/domain';

export interface StoreResolutionInput {
  /** Host header with and without port, lower-cased. */
  hosts: string[];
  /** Raw `store_id` query parameter, if any. */
  queryStoreId: unknown;
  sessionStoreId: number | null;
  /** STORE_HOSTS first, then the stores table's own host names. */
  hostMaps: ReadonlyArray<ReadonlyMap<string, number>>;
  isKnownStore: (id: number) => boolean;
}

export type StoreSource = 'host' | 'query' | 'session' | 'default';

export interface StoreResolution {
  storeId: number;
  source: StoreSource;
  /** The session should remember this store for later requests. */
  remember: boolean;
}

function parseStoreId(raw: unknown): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * Host-name mapping first, else `?store_id=N` for a known store (remembered in
 * the session), else the session's store, else 14. Unknown ids are skipped.
 */
export function resolveStoreId(input: StoreResolutionInput): StoreResolution {
  for (const map of input.hostMaps) {
    for (const host of input.hosts) {
      const id = map.get(host);
      if (id !== undefined && input.isKnownStore(id)) return { storeId: id, source: 'host', remember: false };
    }
  }
  const queryId = parseStoreId(input.queryStoreId);
  if (queryId !== null && input.isKnownStore(queryId)) {
    return { storeId: queryId, source: 'query', remember: queryId !== input.sessionStoreId };
  }
  if (input.sessionStoreId !== null && input.isKnownStore(input.sessionStoreId)) {
    return { storeId: input.sessionStoreId, source: 'session', remember: false };
  }
  return {
    storeId: DEFAULT_STORE_ID,
    source: 'default',
    remember: input.sessionStoreId !== DEFAULT_STORE_ID,
  };
}

/** The Host header as candidates for the mapping: `host:port` first, then `host`. */
export function hostCandidates(hostHeader: string | undefined): string[] {
  if (!hostHeader) return [];
  const full = hostHeader.trim().toLowerCase();
  const bare = full.replace(/:\d+$/, '');
  return bare === full ? [full] : [full, bare];
}
