import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { loginLinks } from '../../db/schema/index.ts';

export async function insertLoginLink(
  tx: AppDb,
  values: { customerId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(loginLinks).values(values);
}

/**
 * Uses a log-in link once: marks it used and answers its customer in one
 * statement, so two concurrent uses cannot both log in; null when the token is
 * unknown, used or expired.
 */
export async function consumeLoginLink(tx: AppDb, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(loginLinks)
    .set({ usedAt: now })
    .where(and(eq(loginLinks.tokenHash, tokenHash), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
    .returning({ customerId: loginLinks.customerId });
  return rows[0]?.customerId ?? null;
}

/** Deletes log-in links that expired before `before` (used or not); answers how many. */
export async function deleteExpiredLoginLinks(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(loginLinks)
    .where(lt(loginLinks.expiresAt, before))
    .returning({ id: loginLinks.id });
  return rows.length;
}
