import {
  formatInvoiceNumber,
  formatOrderDate,
  hasPortugueseOrderId,
  isLocatedPropertyProduct,
  isPaidOrderStatus,
  type OrderDownload,
  orderStatusDisplay,
  type Pedido,
  type PedidoItem,
} from '@shop/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, files, invoices, orderItems, orders, products } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { API_PREFIX } from '../../http/paths.ts';
import { openIncidentView } from '../incidents/incident-views.ts';
import { type IncidentRow, openIncidentsOf } from '../incidents/incidents.repository.ts';
import { pendingPaymentsOf } from '../payments/pending-payment.ts';
import { orderTimelines } from './order-timeline.repository.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect & { shortName: string | null };

/** The customer's orders shown per page of GET pedidos (newest first). */
export const PEDIDOS_LIMIT = 100;

/** The first non-empty answer of the stored form among `keys`. */
function answer(form: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = form[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return '';
}

const HOLDER_KEYS = ['nombre', 'nombre_persona', 'nombre_empresa', 'titular'] as const;
const ADDRESS_KEYS = ['direccion', 'domicilio'] as const;
const MUNICIPALITY_KEYS = ['municipio', 'localidad'] as const;
const DNI_KEYS = ['dni', 'nif', 'cif'] as const;
// The properties search form stores num_propiedades ('all', '50', '25', '10', '3', '1'); older rows num_fincas.
const PROPERTIES_KEYS = ['num_propiedades', 'num_fincas', 'numero_fincas', 'fincas'] as const;

/** The row's key/value lines from the stored item form (keys are i18n keys orders.line.*). */
function linesOf(item: ItemRow, order: OrderRow, childCount: number): PedidoItem['lines'] {
  const form = item.form ?? {};
  const zone = hasPortugueseOrderId(order.id) ? 'Europe/Lisbon' : 'Europe/Madrid';
  const properties = answer(form, PROPERTIES_KEYS) || (childCount > 0 ? String(childCount) : '');
  const lines: PedidoItem['lines'] = [
    { key: 'holder', value: answer(form, HOLDER_KEYS) },
    { key: 'address', value: answer(form, ADDRESS_KEYS) },
    { key: 'municipality', value: answer(form, MUNICIPALITY_KEYS) },
    { key: 'dni', value: answer(form, DNI_KEYS) },
    { key: 'properties', value: properties },
    { key: 'requestDate', value: formatOrderDate(item.createdAt.toISOString(), zone) ?? '' },
  ];
  return lines.filter((line) => line.value !== '');
}

function itemOf(item: ItemRow, order: OrderRow, all: ItemRow[]): PedidoItem {
  const children = all.filter((child) => child.parentId === item.id);
  const status = orderStatusDisplay({
    order_id: order.id,
    status: order.status,
    panel_status_id: order.status.startsWith('complete') ? item.panelStatusId : order.panelStatusId,
    pendingTramitation: false,
  });
  const form = item.form ?? {};
  const holder = answer(form, HOLDER_KEYS);
  const place = [answer(form, ADDRESS_KEYS), answer(form, MUNICIPALITY_KEYS)].filter(Boolean).join(', ');
  return {
    id: item.id,
    order_id: order.id,
    product_id: item.productId,
    product_name: item.productName,
    short_name: item.shortName || item.productName,
    header: holder || item.productName,
    details: place,
    qty: item.qty,
    price: item.priceCents,
    created_at: item.createdAt.toISOString(),
    // Located properties count as the search's properties; an add-on line (ADR 027) does not.
    lines: linesOf(item, order, children.filter((child) => isLocatedPropertyProduct(child.productId)).length),
    status: order.status,
    status_key: status.key,
    status_label: status.label,
    status_class: status.className,
    panel_status_id: item.panelStatusId,
    pendingTramitation: false,
    parent_id: item.parentId,
    referencia: item.referencia,
    childs: children.map((child) => itemOf(child, order, all)),
    options: item.options,
    form,
  };
}

const fileUrl = (id: number) => `${API_PREFIX}/file/${id}`;

/** The rows of `orderList`, each with its items, invoices, credit notes and result documents. */
async function pedidosOf(db: AppDb, orderList: OrderRow[]): Promise<Pedido[]> {
  if (orderList.length === 0) return [];
  const ids = orderList.map((order) => order.id);
  const [items, invoiceRows, creditRows, resultRows] = await Promise.all([
    db
      .select({ item: orderItems, shortName: products.shortName })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: invoices.id,
        orderId: invoices.orderId,
        series: invoices.series,
        year: invoices.year,
        number: invoices.number,
      })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    db
      .select({
        orderId: creditNotes.orderId,
        fileId: creditNotes.fileId,
        series: creditNotes.series,
        year: creditNotes.year,
        number: creditNotes.number,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, ids)),
    db
      .select({ id: files.id, orderId: files.orderId, name: files.originalName })
      .from(files)
      .where(and(inArray(files.orderId, ids), eq(files.kind, 'result')))
      .orderBy(asc(files.id)),
  ]);
  const [incidents, pending, timelines] = await Promise.all([
    openIncidentsOf(db, ids),
    pendingPaymentsOf(db, ids),
    orderTimelines(db, orderList),
  ]);
  return orderList.map((order) => {
    const own = items
      .filter((row) => row.item.orderId === order.id)
      .map((row) => ({ ...row.item, shortName: row.shortName }));
    const top = own.filter((item) => item.parentId === null);
    const status = orderStatusDisplay({
      order_id: order.id,
      status: order.status,
      panel_status_id: order.panelStatusId,
      pendingTramitation: false,
    });
    const facturas: OrderDownload[] = invoiceRows
      .filter((row) => row.orderId === order.id)
      .map((row) => ({
        name: formatInvoiceNumber(row),
        url: `${API_PREFIX}/invoice?order_id=${encodeURIComponent(order.id)}`,
      }));
    const abonos: OrderDownload[] = creditRows
      .filter((row) => row.orderId === order.id && row.fileId !== null)
      .map((row) => ({ name: formatInvoiceNumber(row), url: fileUrl(row.fileId as number) }));
    const documents: OrderDownload[] = resultRows
      .filter((row) => row.orderId === order.id)
      .map((row) => ({ name: row.name, url: fileUrl(row.id) }));
    return {
      order_id: order.id,
      store_id: order.storeId,
      created_at: order.createdAt.toISOString(),
      total: order.totalCents,
      status: order.status,
      status_label: status.label,
      status_class: status.className,
      paid: isPaidOrderStatus(order.status),
      items: top.map((item) => itemOf(item, order, own)),
      facturas,
      abonos,
      promised_at: order.promisedAt?.toISOString() ?? null,
      late_refund:
        order.lateRefund?.state === 'done'
          ? 'refunded'
          : order.lateRefund?.state === 'queued'
            ? 'queued'
            : null,
      documents,
      incident: incidents.has(order.id) ? openIncidentView(incidents.get(order.id) as IncidentRow) : null,
      pending_payment: pending.get(order.id) ?? null,
      timeline: timelines.get(order.id) ?? [],
    };
  });
}

export interface PedidosOwner {
  customerId: number | null;
  storeId: number;
}

function customerOf(owner: PedidosOwner): number {
  if (owner.customerId === null) throw new AppError('unauthorized', 'unauthorized');
  return owner.customerId;
}

/** GET pedidos: the logged-in customer's orders on this store, newest first. */
export async function listPedidos(db: AppDb, owner: PedidosOwner): Promise<Pedido[]> {
  const customerId = customerOf(owner);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.storeId, owner.storeId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PEDIDOS_LIMIT);
  return pedidosOf(db, rows);
}

/** GET pedidos?id=: one of the customer's own orders; anyone else's (or none) is not found. */
export async function onePedido(db: AppDb, owner: PedidosOwner, orderId: string): Promise<Pedido> {
  const customerId = customerOf(owner);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.customerId !== customerId || order.storeId !== owner.storeId) throw notFound();
  const [pedido] = await pedidosOf(db, [order]);
  if (!pedido) throw notFound();
  return pedido;
}
