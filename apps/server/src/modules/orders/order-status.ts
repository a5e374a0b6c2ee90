import {
  checkTransition,
  isOrderStatus,
  type OrderStatus,
  type TransitionContext,
  type TransitionRefusal,
} from '@shop/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import { executeAndCommit } from '../../db/commit-with.ts';
import { auditLog, creditNotes, files, orderItems, orders, payments } from '../../db/schema/index.ts';
import { type Actor, auditValues } from '../admin/audit.ts';

export type OrderRow = typeof orders.$inferSelect;

/** A payment counts as captured once paid (a later refund does not undo that it was paid). */
const CAPTURED = ['paid', 'refunded'];

/** The facts the state machine's guards look at, read from the order's payments, credit notes and files. */
export async function transitionContext(db: AppDb, orderId: string): Promise<TransitionContext> {
  const paymentRows = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  const [credit] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .limit(1);
  const items = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(sql`${orderItems.orderId} = ${orderId} and ${orderItems.parentId} is null`);
  const results = await db
    .select({ itemId: files.orderItemId })
    .from(files)
    .where(sql`${files.orderId} = ${orderId} and ${files.kind} = 'result'`);
  const withDocument = new Set(results.map((r) => r.itemId));
  return {
    paid: paymentRows.some((p) => CAPTURED.includes(p.status)),
    paymentPending: paymentRows.some((p) => p.status === 'pending' || p.status === 'authorized'),
    creditNoteIssued: credit !== undefined,
    documentAttached: items.length > 0 && items.every((item) => withDocument.has(item.id)),
  };
}

export interface StatusChange {
  to: OrderStatus;
  /** Who moves it: an operator, the customer, or the payments (`system`). */
  actor: Actor;
  /** The audit row's action (`order.paid`, `order.in_progress`, …). */
  action: string;
  /** The panel status the order and its items take with it (back office, incidents). */
  panelStatusId?: number;
  /** Facts the guards look at that the caller knows better than the stored rows; the rest is read. */
  context?: Partial<TransitionContext>;
  details?: Record<string, unknown>;
  /**
   * Other columns the move writes in its own UPDATE (no statement added): the
   * delivery promise stored when paid, a late order's refund state (ADR 034).
   */
  set?: Partial<Pick<OrderRow, 'promisedAt' | 'lateRefund'>>;
  /**
   * A write of the caller sent in the move's own statement (no statement
   * added): a data-modifying statement run exactly when the move is written
   * (a refused move writes neither), as the payment a capture marks paid.
   */
  alsoWrite?: SQL;
  /**
   * More of the caller's CTEs in the move's statement (`name AS (…), …`, run
   * exactly when the move is written): a capture's invoice number and chain
   * locks (payment-outcome.ts).
   */
  alsoWith?: SQL;
  /**
   * The caller's last statements: sent after the move's, in its round trip,
   * with the commit of the caller's transaction (db/commit-with.ts), when the
   * move is written; nothing may follow in that transaction. A refused move
   * sends nothing and commits nothing.
   */
  commitWith?: SQL[];
}

export type StatusChangeResult =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; reason: TransitionRefusal | 'unknown_status' };

/**
 * THE one function that changes an order's status (ADR 025): it checks the
 * move against the domain's transition table (`checkTransition`), writes the
 * row (and the items' panel status when given) and the audit entry, in the
 * caller's transaction, and answers a typed refusal instead of writing
 * anything when the table says no. The caller holds the order row locked
 * (`select … for update`) and passes it; its `status` is updated in place.
 * A test (order-status.test.ts) fails when any other code writes `orders.status`.
 */
export async function changeOrderStatus(
  tx: AppDb,
  order: OrderRow,
  change: StatusChange,
): Promise<StatusChangeResult> {
  const from = order.status;
  if (!isOrderStatus(from)) return { ok: false, reason: 'unknown_status' };
  const needsRead =
    change.context === undefined ||
    change.context.paid === undefined ||
    change.context.creditNoteIssued === undefined ||
    change.context.documentAttached === undefined;
  const context: TransitionContext = {
    ...(needsRead
      ? await transitionContext(tx, order.id)
      : { paid: false, creditNoteIssued: false, documentAttached: false }),
    ...change.context,
  };
  const check = checkTransition(from, change.to, context);
  if (!check.ok) return { ok: false, reason: check.reason };
  const now = new Date();
  const panel = change.panelStatusId;
  const audit = auditValues(change.actor, {
    action: change.action,
    entity: 'order',
    entityId: order.id,
    before: { status: from, panel_status_id: order.panelStatusId },
    after: { status: change.to, panel_status_id: panel ?? order.panelStatusId },
    ...(change.details ? { details: change.details } : {}),
  });
  const columns = [sql`status = ${change.to}`, sql`updated_at = ${now.toISOString()}::timestamptz`];
  if (panel !== undefined) columns.push(sql`panel_status_id = ${panel}::int`);
  if (change.set && 'promisedAt' in change.set) {
    columns.push(sql`promised_at = ${change.set.promisedAt?.toISOString() ?? null}::timestamptz`);
  }
  if (change.set && 'lateRefund' in change.set) {
    const lateRefund = change.set.lateRefund;
    columns.push(sql`late_refund = ${lateRefund == null ? null : JSON.stringify(lateRefund)}::jsonb`);
  }
  // The row, the items' panel status and the audit entry in one statement (issue 22): the audit row is
  // written from the UPDATE's RETURNING, so it exists exactly when the row changed.
  const statement = sql`WITH moved AS (
          UPDATE ${orders} SET ${sql.join(columns, sql`, `)} WHERE id = ${order.id} RETURNING id
        ), items AS (
          UPDATE ${orderItems} SET panel_status_id = ${panel ?? null}::int
          WHERE order_id = (SELECT id FROM moved) AND ${panel ?? null}::int IS NOT NULL
        )${change.alsoWrite ? sql`, also AS (${change.alsoWrite})` : sql``}${change.alsoWith ? sql`, ${change.alsoWith}` : sql``}
        INSERT INTO ${auditLog} (actor, operator_id, action, entity, entity_id, data)
        SELECT ${audit.actor}, ${audit.operatorId}::int, ${audit.action}, ${audit.entity}, ${audit.entityId},
               ${JSON.stringify(audit.data)}::jsonb
        FROM moved`;
  if (change.commitWith) await executeAndCommit(tx, [statement, ...change.commitWith]);
  else await queryRows(tx, statement);
  order.status = change.to;
  order.updatedAt = now;
  Object.assign(order, change.set);
  if (panel !== undefined) order.panelStatusId = panel;
  return { ok: true, from, to: change.to };
}

/** The order row, locked until the transaction ends (status changes, payments and notices serialise on it). */
export async function lockOrder(tx: AppDb, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}
