import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import type { SessionColumns, SessionRecord } from './session.repository.ts';
import { formKeyFor, SESSION_TTL_MS, sessionIdIssuedAt } from './session-ids.ts';

/** A session that stored nothing yet: only its cookie; it lives 30 days from its id's issue time. */
export function anonymousSession(id: string, storeId: number, now: Date): SessionRecord {
  return {
    id,
    csrfToken: formKeyFor(id),
    storeId,
    customerId: null,
    quoteId: null,
    data: {},
    lastSeenAt: now,
    expiresAt: new Date((sessionIdIssuedAt(id) ?? now.getTime()) + SESSION_TTL_MS),
    customerEmail: null,
    quoteVersion: null,
    stored: false,
  };
}

/** The row an anonymous session gets at its first write. */
export function firstRow(session: SessionRecord, now: Date): SessionColumns {
  const { customerEmail: _, stored: __, quoteVersion: ___, ...row } = session;
  return { ...row, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
}

/** The store exists: resolveStoreId only answers known ids, except the default. */
export function storeOf(catalog: CatalogSnapshot, storeId: number): StoreRow {
  const store = catalog.stores.get(storeId);
  if (!store) throw new Error(`store ${storeId} is missing from the stores table`);
  return store;
}
