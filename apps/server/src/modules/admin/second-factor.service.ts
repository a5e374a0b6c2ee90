import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppDb } from '../../db/client.ts';
import {
  adminSessions,
  operatorLoginFailures,
  operatorRecoveryCodes,
  operators,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { AdminSession } from './admin-session.service.ts';
import { recordAudit } from './audit.ts';
import {
  acceptedStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  type SecretBox,
  totpOf,
} from './totp.ts';

export type SecondFactorState = 'done' | 'required' | 'enrol';

/**
 * Where a session stands: an enrolled operator owes a code until one is
 * accepted; an admin without TOTP must enrol first; an agent may go without.
 */
export function secondFactorOf(
  session: Pick<AdminSession, 'operator' | 'secondFactorAt'>,
): SecondFactorState {
  if (session.operator.totp) return session.secondFactorAt ? 'done' : 'required';
  return session.operator.role === 'admin' ? 'enrol' : 'done';
}

const actorOfSession = (session: AdminSession) => ({
  operatorId: session.operator.id,
  email: session.operator.email,
});

/**
 * TOTP enrolment (the secret shown once, then kept encrypted), the code or
 * recovery code that completes a log in, and their throttling: wrong codes
 * count as failed log ins of the account and the address (admin-session.service.ts).
 */
export function createSecondFactor(
  db: AppDb,
  box: SecretBox,
  throttled: (email: string, address: string, now: Date) => Promise<boolean>,
) {
  async function failed(session: AdminSession, address: string, now: Date): Promise<never> {
    await db
      .insert(operatorLoginFailures)
      .values({ email: session.operator.email, clientAddress: address, at: now });
    throw new AppError('invalid_data', 'badCode');
  }

  return {
    /** Starts an enrolment: a new secret kept (encrypted) on the session until confirmed; 409 when already enrolled. */
    async setup(session: AdminSession) {
      if (session.operator.totp) throw new AppError('conflict', 'conflict');
      const secret = newTotpSecret();
      await db
        .update(adminSessions)
        .set({ pendingTotpSecret: box.seal(secret) })
        .where(eq(adminSessions.tokenHash, session.tokenHash));
      const uri = totpOf(secret, session.operator.email).toString();
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
    },

    /** A code from the app confirms the enrolment: TOTP on, this session signed in, ten recovery codes (shown once). */
    async confirm(session: AdminSession, code: string, address: string, now = new Date()): Promise<string[]> {
      if (session.operator.totp) throw new AppError('conflict', 'conflict');
      if (await throttled(session.operator.email, address, now))
        throw new AppError('throttled', 'tooManyRequests');
      const [row] = await db
        .select({ pending: adminSessions.pendingTotpSecret })
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, session.tokenHash));
      if (!row?.pending) throw new AppError('conflict', 'conflict');
      const secret = box.open(row.pending);
      const step = acceptedStep(secret, session.operator.email, code, now);
      if (step === null) return failed(session, address, now);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(operators)
          .set({ totpSecret: box.seal(secret), totpEnabledAt: now, totpLastStep: step })
          .where(and(eq(operators.id, session.operator.id), isNull(operators.totpEnabledAt)));
        await tx
          .delete(operatorRecoveryCodes)
          .where(eq(operatorRecoveryCodes.operatorId, session.operator.id));
        await tx
          .insert(operatorRecoveryCodes)
          .values(
            codes.map((c) => ({ operatorId: session.operator.id, codeHash: recoveryCodeHash(c) as string })),
          );
        await tx
          .update(adminSessions)
          .set({ pendingTotpSecret: null, secondFactorAt: now })
          .where(eq(adminSessions.tokenHash, session.tokenHash));
        // Other sessions of the account were opened without the second step: they end.
        await tx
          .delete(adminSessions)
          .where(
            and(
              eq(adminSessions.operatorId, session.operator.id),
              or(lt(adminSessions.createdAt, session.createdAt), isNull(adminSessions.secondFactorAt)),
            ),
          );
        await recordAudit(tx, actorOfSession(session), {
          action: 'operator.totp_enrolled',
          entity: 'operator',
          entityId: session.operator.id,
        });
      });
      session.operator = { ...session.operator, totp: true };
      session.secondFactorAt = now;
      return codes;
    },

    /**
     * Completes a log in with a TOTP code (each 30-second code once) or an
     * unused recovery code (then used up); throttled like the password.
     */
    async verify(session: AdminSession, code: string, address: string, now = new Date()): Promise<void> {
      if (secondFactorOf(session) !== 'required') throw new AppError('conflict', 'conflict');
      if (await throttled(session.operator.email, address, now))
        throw new AppError('throttled', 'tooManyRequests');
      const [operator] = await db
        .select({ secret: operators.totpSecret, lastStep: operators.totpLastStep })
        .from(operators)
        .where(eq(operators.id, session.operator.id));
      if (!operator?.secret) throw new AppError('conflict', 'conflict');
      const step = acceptedStep(box.open(operator.secret), session.operator.email, code, now);
      const recoveryHash = step === null ? recoveryCodeHash(code) : null;
      const accepted = await db.transaction(async (tx) => {
        let how: 'totp' | 'recovery_code';
        if (step !== null) {
          const taken = await tx
            .update(operators)
            .set({ totpLastStep: step })
            .where(
              and(
                eq(operators.id, session.operator.id),
                or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
              ),
            )
            .returning({ id: operators.id });
          if (taken.length === 0) return false;
          how = 'totp';
        } else if (recoveryHash) {
          const used = await tx
            .update(operatorRecoveryCodes)
            .set({ usedAt: now })
            .where(
              and(
                eq(operatorRecoveryCodes.operatorId, session.operator.id),
                eq(operatorRecoveryCodes.codeHash, recoveryHash),
                isNull(operatorRecoveryCodes.usedAt),
              ),
            )
            .returning({ id: operatorRecoveryCodes.id });
          if (used.length === 0) return false;
          how = 'recovery_code';
        } else return false;
        await tx
          .update(adminSessions)
          .set({ secondFactorAt: now })
          .where(eq(adminSessions.tokenHash, session.tokenHash));
        await tx.delete(operatorLoginFailures).where(eq(operatorLoginFailures.email, session.operator.email));
        await recordAudit(tx, actorOfSession(session), {
          action: 'operator.second_factor',
          entity: 'operator',
          entityId: session.operator.id,
          details: { how },
        });
        return true;
      });
      if (!accepted) return failed(session, address, now);
      session.secondFactorAt = now;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactor>;
