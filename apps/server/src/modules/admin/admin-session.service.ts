import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Operator } from '@shop/domain';
import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { adminSessions, operatorLoginFailures, operators } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { verifyPassword } from '../customers/password.ts';
import { recordAudit } from './audit.ts';
import { operatorView } from './operators.service.ts';

/** A back-office session ends after 15 minutes without a request… */
export const ADMIN_IDLE_MS = 15 * 60 * 1000;
/** …and 8 hours after the log in, whatever happens. */
export const ADMIN_ABSOLUTE_MS = 8 * 3600 * 1000;
/** Failed log ins counted over this window… */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** …at most this many per e-mail… */
export const LOGIN_MAX_PER_ACCOUNT = 5;
/** …and per client address, then 429 until the window passes. */
export const LOGIN_MAX_PER_ADDRESS = 20;
/** last_seen_at is written at most this often (a page of the queue makes several calls). */
const TOUCH_EVERY_MS = 15 * 1000;

export interface AdminSession {
  tokenHash: string;
  operator: Operator;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** When this session's TOTP or recovery code was accepted (second-factor.service.ts). */
  secondFactorAt: Date | null;
}

/** When the session ends: the sooner of the idle and the absolute deadline. */
export function sessionDeadlines(session: Pick<AdminSession, 'createdAt' | 'lastSeenAt'>) {
  const idle = new Date(session.lastSeenAt.getTime() + ADMIN_IDLE_MS);
  const absolute = new Date(session.createdAt.getTime() + ADMIN_ABSOLUTE_MS);
  return { idle, absolute, end: idle < absolute ? idle : absolute };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Constant-time comparison of a sent CSRF token with the session's. */
export function csrfMatches(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  return timingSafeEqual(
    createHash('sha256').update(sent).digest(),
    createHash('sha256').update(expected).digest(),
  );
}

/**
 * Log in (argon2id, throttled per e-mail and per address), the session behind a
 * cookie token (only its SHA-256 is stored), idle and absolute expiry, log out.
 */
export function createAdminSessions(db: AppDb) {
  async function throttled(email: string, address: string, now: Date): Promise<boolean> {
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    const [perAccount] = await db
      .select({ n: count() })
      .from(operatorLoginFailures)
      .where(and(eq(operatorLoginFailures.email, email), gt(operatorLoginFailures.at, since)));
    if ((perAccount?.n ?? 0) >= LOGIN_MAX_PER_ACCOUNT) return true;
    const [perAddress] = await db
      .select({ n: count() })
      .from(operatorLoginFailures)
      .where(and(eq(operatorLoginFailures.clientAddress, address), gt(operatorLoginFailures.at, since)));
    return (perAddress?.n ?? 0) >= LOGIN_MAX_PER_ADDRESS;
  }

  return {
    throttled,

    /** The new session's cookie token and the session; 401 for a wrong e-mail or password, 429 when throttled. */
    async login(input: { email: string; password: string; address: string; now?: Date }) {
      const now = input.now ?? new Date();
      if (await throttled(input.email, input.address, now))
        throw new AppError('throttled', 'tooManyRequests');
      const [operator] = await db.select().from(operators).where(eq(operators.email, input.email));
      const valid = await verifyPassword(operator?.passwordHash ?? null, input.password);
      if (!operator || !valid || operator.disabledAt !== null) {
        await db
          .insert(operatorLoginFailures)
          .values({ email: input.email, clientAddress: input.address, at: now });
        throw new AppError('unauthorized', 'badCredentials');
      }
      const token = randomBytes(32).toString('base64url');
      const session: AdminSession = {
        tokenHash: sha256(token),
        operator: operatorView(operator),
        csrfToken: randomBytes(32).toString('base64url'),
        createdAt: now,
        lastSeenAt: now,
        secondFactorAt: null,
      };
      const actor = { operatorId: operator.id, email: operator.email };
      await db.transaction(async (tx) => {
        await tx.insert(adminSessions).values({
          tokenHash: session.tokenHash,
          operatorId: operator.id,
          csrfToken: session.csrfToken,
          createdAt: now,
          lastSeenAt: now,
        });
        // With TOTP the failures (wrong codes too) count on until the code is right.
        if (operator.totpEnabledAt === null)
          await tx.delete(operatorLoginFailures).where(eq(operatorLoginFailures.email, input.email));
        // Expired sessions of anyone are dropped as new ones start (no separate sweeper).
        await tx
          .delete(adminSessions)
          .where(
            or(
              lt(adminSessions.lastSeenAt, new Date(now.getTime() - ADMIN_IDLE_MS)),
              lt(adminSessions.createdAt, new Date(now.getTime() - ADMIN_ABSOLUTE_MS)),
            ),
          );
        await recordAudit(tx, actor, { action: 'operator.login', entity: 'operator', entityId: operator.id });
      });
      return { token, session };
    },

    /** The live session of a cookie token (its idle deadline moved on), or null when unknown, expired or disabled. */
    async resume(token: string | undefined, now = new Date()): Promise<AdminSession | null> {
      if (!token || !TOKEN.test(token)) return null;
      const tokenHash = sha256(token);
      const [row] = await db
        .select({ session: adminSessions, operator: operators })
        .from(adminSessions)
        .innerJoin(operators, eq(operators.id, adminSessions.operatorId))
        .where(eq(adminSessions.tokenHash, tokenHash));
      if (!row || row.operator.disabledAt !== null) return null;
      const session: AdminSession = {
        tokenHash,
        operator: operatorView(row.operator),
        csrfToken: row.session.csrfToken,
        createdAt: row.session.createdAt,
        lastSeenAt: row.session.lastSeenAt,
        secondFactorAt: row.session.secondFactorAt,
      };
      if (sessionDeadlines(session).end <= now) {
        await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, tokenHash));
        session.lastSeenAt = now;
      }
      return session;
    },

    async logout(session: AdminSession): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(adminSessions).where(eq(adminSessions.tokenHash, session.tokenHash));
        await recordAudit(
          tx,
          { operatorId: session.operator.id, email: session.operator.email },
          {
            action: 'operator.logout',
            entity: 'operator',
            entityId: session.operator.id,
          },
        );
      });
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessions>;
