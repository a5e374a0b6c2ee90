import type { AppDb } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * Who did it: a signed-in operator, the command line (`npm run admin:create`),
 * the payments themselves (`system`), or the order's customer (answering an incident form, completing answers after paying).
 */
export type Actor =
  | { operatorId: number; email: string }
  | { operatorId: null; email: 'cli' | 'system' | `customer:${string}` };

/** The payments' own moves (a capture, a voucher issued or lapsed): no person did them. */
export const SYSTEM_ACTOR: Actor = { operatorId: null, email: 'system' };

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (the incident's message, a file id). */
  details?: Record<string, unknown>;
}

/** The audit_log row of an entry (recordAudit's insert, or a caller's own statement that writes it). */
export function auditValues(actor: Actor, entry: AuditEntry) {
  return {
    actor: actor.email,
    operatorId: actor.operatorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    data: {
      ...(entry.details ?? {}),
      ...(entry.before !== undefined ? { before: entry.before } : {}),
      ...(entry.after !== undefined ? { after: entry.after } : {}),
    },
  };
}

/**
 * Writes one audit row (who, when, what, before / after). Pass the action's own
 * transaction: the row exists exactly when the change does.
 */
export async function recordAudit(tx: AppDb, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditValues(actor, entry));
}
