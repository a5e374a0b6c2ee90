import type { CreateOperatorBody, Operator, OperatorRole, UpdateOperatorBody } from '@shop/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { adminSessions, operators } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { hashPassword } from '../customers/password.ts';
import { type Actor, recordAudit } from './audit.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** What the API shows of an operator (never the hash). */
export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabledAt !== null,
    totp: row.totpEnabledAt !== null,
  };
}

export async function listOperators(db: AppDb): Promise<Operator[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.email));
  return rows.map(operatorView);
}

/** Creates an operator (argon2id hash) and its audit row in one transaction; a taken e-mail is a conflict. */
export async function createOperator(db: AppDb, actor: Actor, input: CreateOperatorBody): Promise<Operator> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ email: input.email, name: input.name, role: input.role, passwordHash })
      .onConflictDoNothing({ target: operators.email })
      .returning();
    if (!row) throw new AppError('conflict', 'conflict');
    const view = operatorView(row);
    await recordAudit(tx, actor, {
      action: 'operator.create',
      entity: 'operator',
      entityId: row.id,
      after: view,
    });
    return view;
  });
}

/**
 * Changes an operator's role, name or disabled flag; disabling ends their
 * sessions. An admin cannot take away their own admin role or disable
 * themselves (the last admin would lock everyone out).
 */
export async function updateOperator(
  db: AppDb,
  actor: Actor & { operatorId: number },
  id: number,
  input: UpdateOperatorBody,
): Promise<Operator> {
  if (id === actor.operatorId && ((input.role && input.role !== 'admin') || input.disabled === true)) {
    throw new AppError('conflict', 'conflict');
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) throw notFound();
    const patch: Partial<{ role: OperatorRole; name: string; disabledAt: Date | null }> = {};
    if (input.role !== undefined) patch.role = input.role;
    if (input.name !== undefined) patch.name = input.name;
    if (input.disabled !== undefined)
      patch.disabledAt = input.disabled ? (before.disabledAt ?? new Date()) : null;
    const [after] = Object.keys(patch).length
      ? await tx.update(operators).set(patch).where(eq(operators.id, id)).returning()
      : [before];
    if (!after) throw notFound();
    if (after.disabledAt !== null || after.role !== before.role) {
      // A new role or a disabled account takes effect at once: their sessions end.
      await tx.delete(adminSessions).where(eq(adminSessions.operatorId, id));
    }
    await recordAudit(tx, actor, {
      action: 'operator.update',
      entity: 'operator',
      entityId: id,
      before: operatorView(before),
      after: operatorView(after),
    });
    return operatorView(after);
  });
}
