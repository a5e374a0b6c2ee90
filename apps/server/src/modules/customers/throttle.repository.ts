import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/** The limits of failed log-ins: `max` failures per key in `windowMs`, then blocked for `windowMs`. */
export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/** True when any of the keys is blocked at `now`. */
export async function isBlocked(db: AppDb, keys: string[], now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.blockedUntil, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Counts one failure of `key` in one atomic statement (concurrent failures all
 * count): a window older than `windowMs` starts again at 1; reaching `max`
 * blocks the key until `now + windowMs`.
 */
export async function recordFailure(db: AppDb, key: string, max: number, windowMs: number, now: Date) {
  const windowStart = new Date(now.getTime() - windowMs);
  const blockedUntil = new Date(now.getTime() + windowMs);
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const expired = sql`${loginThrottle.windowStartedAt} <= ${ts(windowStart)}`;
  const failures = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: max <= 1 ? blockedUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStartedAt: sql`(case when ${expired} then ${ts(now)} else ${loginThrottle.windowStartedAt} end)`,
        blockedUntil: sql`(case when ${failures} >= ${max} then ${ts(blockedUntil)} else ${loginThrottle.blockedUntil} end)`,
      },
    });
}

/** Forgets a key's failures (a successful log-in clears its account's count). */
export async function clearFailures(db: AppDb, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Deletes counts whose window started before `windowStart` and whose block (if any) ended before `now`. */
export async function deleteStaleThrottles(db: AppDb, windowStart: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, windowStart),
        sql`(${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} < ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ key: loginThrottle.key });
  return rows.length;
}
