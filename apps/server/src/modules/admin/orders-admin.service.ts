import {
  allowedTransitions,
  formatInvoiceNumber,
  isOrderStatus,
  type OrderDetail,
  type OrderQueueAnswer,
  type OrderQueueQuery,
  type OrderQueueRow,
  type OrderStatus,
  PANEL_STATUS,
  type PanelTarget,
  QUEUE_PAGE_SIZE,
} from '@shop/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import {
  auditLog,
  creditNotes,
  files,
  invoices,
  mailMessages,
  orderItems,
  orders,
  payments,
  quoteItems,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as promises from '../calendars/queue-promise.ts';
import { adminIncidentView } from '../incidents/incident-views.ts';
import { incidentsOfOrder } from '../incidents/incidents.repository.ts';
import { changeOrderStatus, lockOrder, transitionContext } from '../orders/order-status.ts';
import { paymentExtrasOf } from '../payments/pending-payment.ts';
import type { Actor } from './audit.ts';
import { definitionsOf, holderOf, labelledAnswers } from './order-answers.ts';
import { holderSql, queueWhere } from './order-queue-filters.ts';

export { madridDay, OPEN_STATUSES } from './order-queue-filters.ts';
export { transitionContext };

/** Where each panel target moves the order (server status, panel status id). */
export const PANEL_TARGET_STATUS: Record<PanelTarget, { status: OrderStatus; panel: number }> = {
  pending: { status: 'complete_pending', panel: PANEL_STATUS.pending },
  in_progress: { status: 'complete_in_progress', panel: PANEL_STATUS.inProgress },
  incident: { status: 'complete_incident', panel: PANEL_STATUS.incident },
  ready: { status: 'complete_ready', panel: PANEL_STATUS.ready },
};

/**
 * The order queue: filters (store, product, status, placed between two days, paid or not), a search
 * (order id, e-mail, any answer: holder, DNI, address), least time left to the promise first (ADR
 * 034) or oldest first. Without a status filter it shows the paid orders still being worked on.
 */
export async function orderQueue(
  db: AppDb,
  query: OrderQueueQuery,
  now = new Date(),
): Promise<OrderQueueAnswer> {
  const page = Math.max(1, query.page ?? 1);
  const whereSql = queueWhere(query);
  // The page's ids first (index order, offset skipped without computing any column), then its columns.
  const rows = await queryRows<{
    id: string;
    store_id: number;
    status: string;
    panel_status_id: number | null;
    email: string;
    total_cents: number;
    created_at: string | Date;
    paid: boolean;
    holder: string | null;
    products: string[] | null;
    promised_at: string | Date | null;
    urgent: boolean | string;
  }>(
    db,
    sql`with page as (
          select o.id, o.created_at, o.promised_at from ${orders} o
          ${whereSql}
          order by ${promises.queueOrder(query.sort).page}
          limit ${QUEUE_PAGE_SIZE + 1} offset ${(page - 1) * QUEUE_PAGE_SIZE})
        select o.id, o.store_id, o.status, o.panel_status_id, o.email, o.total_cents, o.created_at,
          ${promises.QUEUE_PROMISE_COLUMNS},
          coalesce((select true from ${payments} p where p.order_id = o.id
                      and p.status in ('paid', 'refunded') limit 1), false) as paid,
          ${holderSql} as holder,
          (select array_agg(i.product_name order by i.id) from ${orderItems} i
             where i.order_id = o.id and i.parent_id is null) as products
        from page join ${orders} o on o.id = page.id
        order by ${promises.queueOrder(query.sort).rows}`,
  );
  const out: OrderQueueRow[] = rows.slice(0, QUEUE_PAGE_SIZE).map((row) => {
    const created = new Date(row.created_at);
    return {
      id: row.id,
      store_id: Number(row.store_id),
      status: row.status,
      panel_status_id: row.panel_status_id === null ? null : Number(row.panel_status_id),
      email: row.email,
      holder: row.holder ?? '',
      products: row.products ?? [],
      total_cents: Number(row.total_cents),
      paid: row.paid === true || (row.paid as unknown) === 't',
      created_at: created.toISOString(),
      waiting_seconds: Math.max(0, Math.floor((now.getTime() - created.getTime()) / 1000)),
      ...promises.queuePromise(row, now),
    };
  });
  return { ok: true, rows: out, more: rows.length > QUEUE_PAGE_SIZE, page };
}

/** Everything the order's page shows: answers, files, payments, invoices, mails, history and the allowed moves. */
export async function orderDetail(db: AppDb, orderId: string): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const [items, fileRows, paymentRows, invoiceRows, creditRows, history, context] = await Promise.all([
    db
      .select({ item: orderItems, quoteVersion: quoteItems.productVersion })
      .from(orderItems)
      .leftJoin(quoteItems, eq(quoteItems.id, orderItems.quoteItemId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db.select().from(files).where(eq(files.orderId, orderId)).orderBy(asc(files.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt)),
    db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id)),
    db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id)),
    db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'order' and ${auditLog.entityId} = ${orderId}`)
      .orderBy(desc(auditLog.id))
      .limit(200),
    transitionContext(db, orderId),
  ]);
  const incidents = await incidentsOfOrder(db, orderId);
  const versionOf = (row: (typeof items)[number]) => row.item.productVersion ?? row.quoteVersion ?? null;
  const definitions = await definitionsOf(
    db,
    items.map((row) => ({ productId: row.item.productId, version: versionOf(row) })),
  );
  const answered = items.map((row) => ({
    ...row,
    answers: labelledAnswers(row.item, definitions.get(`${row.item.productId}:${versionOf(row)}`)),
  }));
  // Mails have no order column: those sent to the order's address.
  const mails = await db
    .select()
    .from(mailMessages)
    .where(sql`lower(${mailMessages.to}) = lower(${order.email})`)
    .orderBy(desc(mailMessages.id))
    .limit(50);
  const status = order.status;
  return {
    id: order.id,
    store_id: order.storeId,
    status,
    panel_status_id: order.panelStatusId,
    email: order.email,
    holder: holderOf(
      answered.map(({ item, answers }) => ({ parentId: item.parentId, form: item.form, answers })),
    ),
    total_cents: order.totalCents,
    payment_method: order.paymentMethod,
    billing: order.billing,
    created_at: order.createdAt.toISOString(),
    paid: context.paid,
    ...promises.detailPromise(order),
    allowed: isOrderStatus(status) ? allowedTransitions(status, context) : [],
    items: answered.map(({ item, quoteVersion, answers }) => ({
      id: item.id,
      parent_id: item.parentId,
      product_id: item.productId,
      product_name: item.productName,
      product_version: item.productVersion ?? quoteVersion ?? null,
      panel_status_id: item.panelStatusId,
      price_cents: item.priceCents,
      form: item.form,
      answers,
    })),
    files: fileRows.map((f) => ({
      id: f.id,
      name: f.originalName,
      kind: f.kind,
      size: f.sizeBytes,
      item_id: f.orderItemId,
      created_at: f.createdAt.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      attempt: p.attempt,
      method: p.method,
      gateway: p.gateway,
      status: p.status,
      amount_cents: p.amountCents,
      created_at: p.createdAt.toISOString(),
      ...paymentExtrasOf(p),
    })),
    invoices: [
      ...invoiceRows.map((i) => ({
        id: i.id,
        kind: 'invoice' as const,
        number: formatInvoiceNumber(i),
        total_cents: i.totalCents,
        file_id: i.fileId,
        issued_at: i.issuedAt.toISOString(),
      })),
      ...creditRows.map((c) => ({
        id: c.id,
        kind: 'credit_note' as const,
        number: formatInvoiceNumber(c),
        total_cents: -Math.abs(c.totalCents),
        file_id: c.fileId,
        issued_at: c.issuedAt.toISOString(),
      })),
    ],
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      status: m.status,
      created_at: m.createdAt.toISOString(),
    })),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      actor: h.actor,
      action: h.action,
      data: h.data,
    })),
    incidents: incidents.map(adminIncidentView),
  };
}

/**
 * Moves an order to a panel status, guarded by the domain's state machine
 * (the order row locked, its facts read in the same transaction); the order and
 * its items take the panel status, and the audit row is written with it.
 * An incident carries the message for the customer.
 */
export async function transitionOrder(
  db: AppDb,
  actor: Actor,
  orderId: string,
  input: { to: PanelTarget; message: string },
  afterChange?: (
    tx: AppDb,
    change: { order: typeof orders.$inferSelect; to: PanelTarget; message: string },
  ) => Promise<void>,
  /** Extra audit details (a bulk change says so). */
  extraDetails: Record<string, unknown> = {},
): Promise<{ status: OrderStatus; panel_status_id: number }> {
  const target = PANEL_TARGET_STATUS[input.to];
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    const before = { ...order };
    const changed = await changeOrderStatus(tx, order, {
      to: target.status,
      panelStatusId: target.panel,
      actor,
      action: `order.${input.to}`,
      ...(input.message || Object.keys(extraDetails).length
        ? { details: { ...extraDetails, ...(input.message ? { message: input.message } : {}) } }
        : {}),
    });
    if (!changed.ok) {
      throw new AppError(
        'conflict',
        changed.reason === 'no_document' ? 'transitionNoDocument' : 'transitionRefused',
      );
    }
    if (afterChange) await afterChange(tx, { order: before, to: input.to, message: input.message });
    return { status: target.status, panel_status_id: target.panel };
  });
}
