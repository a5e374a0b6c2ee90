import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { customers, sessions } from '../../db/schema/index.ts';

export interface SessionRecord {
  id: string;
  csrfToken: string;
  storeId: number;
  customerId: number | null;
  quoteId: number | null;
  data: Record<string, unknown>;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The logged-in customer's e-mail (runtime config customerEmail). */
  customerEmail: string | null;
}

export type SessionPatch = Partial<Pick<SessionRecord, 'storeId' | 'customerId' | 'quoteId' | 'data'>>;

/** An unexpired session with its customer's e-mail, in one query. */
export async function findSession(db: AppDb, id: string, now: Date): Promise<SessionRecord | null> {
  const rows = await db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      storeId: sessions.storeId,
      customerId: sessions.customerId,
      quoteId: sessions.quoteId,
      data: sessions.data,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      customerEmail: customers.email,
    })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(db: AppDb, record: Omit<SessionRecord, 'customerEmail'>): Promise<void> {
  await db.insert(sessions).values({ ...record, createdAt: record.lastSeenAt });
}

export async function updateSession(
  db: AppDb,
  id: string,
  patch: SessionPatch & { lastSeenAt?: Date; expiresAt?: Date },
): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

/** Merges keys into the session's data in one statement, so concurrent calls do not undo each other. */
export async function mergeSessionData(
  db: AppDb,
  id: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const rows = await db
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sessions.id, id))
    .returning({ data: sessions.data });
  return rows[0]?.data ?? patch;
}

export async function customerEmail(db: AppDb, customerId: number): Promise<string | null> {
  const rows = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0]?.email ?? null;
}

export async function deleteSession(db: AppDb, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: AppDb, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
