import { type OrderEvent, orderTimeline } from '@shop/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { auditLog, files, incidentForms, payments } from '../../db/schema/index.ts';

/** The status of an audit entry's `before` / `after` (changeOrderStatus writes `{ status, panel_status_id }`). */
function statusIn(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const status = (value as { status?: unknown }).status;
  return typeof status === 'string' ? status : null;
}

/**
 * The timelines of `orders` (issue 20 item 7), read from what the server
 * already records: the status changes' audit entries (changeOrderStatus), the
 * incidents and their answers, the result documents and the captured
 * payments. Four queries for the whole list, none on the paid path.
 */
export async function orderTimelines(
  db: AppDb,
  orders: readonly { id: string; createdAt: Date }[],
): Promise<Map<string, OrderEvent[]>> {
  const timelines = new Map<string, OrderEvent[]>();
  if (orders.length === 0) return timelines;
  const ids = orders.map((order) => order.id);
  const [audits, incidents, results, captured] = await Promise.all([
    db
      .select({ entityId: auditLog.entityId, at: auditLog.at, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), inArray(auditLog.entityId, ids)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
    db
      .select({
        id: incidentForms.id,
        orderId: incidentForms.orderId,
        createdAt: incidentForms.createdAt,
        answeredAt: incidentForms.answeredAt,
      })
      .from(incidentForms)
      .where(inArray(incidentForms.orderId, ids))
      .orderBy(asc(incidentForms.id)),
    db
      .select({ orderId: files.orderId, at: files.createdAt })
      .from(files)
      .where(and(inArray(files.orderId, ids), eq(files.kind, 'result'))),
    db
      .select({ orderId: payments.orderId, at: payments.updatedAt })
      .from(payments)
      .where(and(inArray(payments.orderId, ids), inArray(payments.status, ['paid', 'refunded']))),
  ]);
  for (const order of orders) {
    const statusChanges = audits.flatMap((row) => {
      if (row.entityId !== order.id) return [];
      const to = statusIn(row.data.after);
      const from = statusIn(row.data.before);
      return to && to !== from ? [{ at: row.at.toISOString(), from, to }] : [];
    });
    timelines.set(
      order.id,
      orderTimeline({
        createdAt: order.createdAt.toISOString(),
        statusChanges,
        incidents: incidents
          .filter((row) => row.orderId === order.id)
          .map((row) => ({
            id: row.id,
            createdAt: row.createdAt.toISOString(),
            answeredAt: row.answeredAt?.toISOString() ?? null,
          })),
        results: results
          .filter((row) => row.orderId === order.id)
          .map((row) => ({ at: row.at.toISOString() })),
        capturedPayments: captured
          .filter((row) => row.orderId === order.id)
          .map((row) => ({ at: row.at.toISOString() })),
      }),
    );
  }
  return timelines;
}
