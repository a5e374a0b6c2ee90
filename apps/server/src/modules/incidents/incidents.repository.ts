import { PANEL_STATUS } from '@shop/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { incidentForms, orders } from '../../db/schema/index.ts';

export type IncidentRow = typeof incidentForms.$inferSelect;

/**
 * The incident of each order waiting for the customer's form: the newest
 * unanswered one of an order that is in incident (panel status 60).
 */
export async function openIncidentsOf(
  db: AppDb,
  orderIds: readonly string[],
): Promise<Map<string, IncidentRow>> {
  const open = new Map<string, IncidentRow>();
  if (orderIds.length === 0) return open;
  const rows = await db
    .select({ incident: incidentForms })
    .from(incidentForms)
    .innerJoin(orders, eq(orders.id, incidentForms.orderId))
    .where(
      and(
        inArray(incidentForms.orderId, [...orderIds]),
        isNull(incidentForms.answeredAt),
        eq(orders.status, 'complete_incident'),
        eq(orders.panelStatusId, PANEL_STATUS.incident),
      ),
    )
    .orderBy(desc(incidentForms.id));
  for (const { incident } of rows) if (!open.has(incident.orderId)) open.set(incident.orderId, incident);
  return open;
}

/** True when the order has an incident waiting for the customer's form (its files may be uploaded). */
export async function hasOpenIncident(db: AppDb, orderId: string): Promise<boolean> {
  return (await openIncidentsOf(db, [orderId])).size > 0;
}

/** Every incident of an order, newest first (the back office's order detail). */
export function incidentsOfOrder(db: AppDb, orderId: string): Promise<IncidentRow[]> {
  return db
    .select()
    .from(incidentForms)
    .where(eq(incidentForms.orderId, orderId))
    .orderBy(desc(incidentForms.id));
}
