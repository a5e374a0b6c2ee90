import * as z from 'zod/mini';
import { ApiAnswerSchema } from './answers.ts';
import { type ItemOption, ItemOptionSchema } from './cart.ts';
import { OpenIncidentSchema } from './incidents.ts';
import { PendingPaymentSchema } from './pending-payment.ts';

/** A download of an order: an invoice (factura), a credit note (abono) or the result document. */
export const OrderDownloadSchema = z.object({ name: z.string(), url: z.string() });
export type OrderDownload = z.infer<typeof OrderDownloadSchema>;

/** One key/value line of an order row (holder, address, municipality, DNI, properties, request date). */
export const OrderLineSchema = z.object({ key: z.string(), value: z.string() });

export interface PedidoItem {
  id: number;
  order_id: string;
  product_id: number;
  product_name: string;
  short_name: string;
  header: string;
  details: string;
  qty: number;
  price: number;
  created_at: string;
  lines: { key: string; value: string }[];
  status: string;
  status_key: string;
  status_label: string;
  status_class: string;
  panel_status_id: number | null;
  pendingTramitation: boolean;
  parent_id: number | null;
  referencia: string | null;
  childs: PedidoItem[];
  /** The item's answers and the wizard's form as bought (what the follow-up screens start from; the server always sends them). */
  options?: ItemOption[];
  form?: Record<string, unknown>;
}

/**
 * An order row of the customer's orders (spec 3 "Order row", spec 4 "Order row
 * display"): the item with its display texts, the status label and class of
 * spec 4, its nested child items. `lines` keys are i18n keys (orders.line.*).
 */
export const PedidoItemSchema: z.ZodMiniType<PedidoItem> = z.object({
  id: z.int(),
  order_id: z.string(),
  product_id: z.int(),
  product_name: z.string(),
  short_name: z.string(),
  header: z.string(),
  details: z.string(),
  qty: z.int(),
  price: z.int(),
  created_at: z.string(),
  lines: z.array(OrderLineSchema),
  status: z.string(),
  status_key: z.string(),
  status_label: z.string(),
  status_class: z.string(),
  panel_status_id: z.nullable(z.int()),
  pendingTramitation: z.boolean(),
  parent_id: z.nullable(z.int()),
  referencia: z.nullable(z.string()),
  get childs() {
    return z.array(PedidoItemSchema);
  },
  options: z.optional(z.array(ItemOptionSchema)),
  form: z.optional(z.record(z.string(), z.unknown())),
});

/** What happened to an order, as its timeline shows it (issue 20 item 7). */
export const ORDER_EVENT_KINDS = [
  'received',
  'paid',
  'sent_to_registry',
  'incident',
  'incident_answered',
  'issued',
  'delivered',
  'refunded',
  'canceled',
] as const;
export const OrderEventKindSchema = z.enum(ORDER_EVENT_KINDS);
export type OrderEventKind = z.infer<typeof OrderEventKindSchema>;

/** One event of an order's timeline: its kind and when (ISO 8601); an incident's events name it. */
export const OrderEventSchema = z.object({
  kind: OrderEventKindSchema,
  at: z.string(),
  incident_id: z.optional(z.int()),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** One order of the customer: its rows (top-level items) and its downloads. */
export const PedidoSchema = z.object({
  order_id: z.string(),
  store_id: z.int(),
  created_at: z.string(),
  total: z.int(),
  status: z.string(),
  status_label: z.string(),
  status_class: z.string(),
  paid: z.boolean(),
  items: z.array(PedidoItemSchema),
  facturas: z.array(OrderDownloadSchema),
  abonos: z.array(OrderDownloadSchema),
  documents: z.array(OrderDownloadSchema),
  /** The incident waiting for the customer's form (an order in 'Incidencia'), else null. */
  incident: z.optional(z.nullable(OpenIncidentSchema)),
  /**
   * The Multibanco voucher or direct-debit mandate still open (issue 17 item 4):
   * the order waits for that payment, another method is only an explicit choice.
   */
  pending_payment: z.optional(z.nullable(PendingPaymentSchema)),
  /** What happened to the order and when, oldest first (orderTimeline). */
  timeline: z.optional(z.array(OrderEventSchema)),
  /** The delivery promise stored with the order (ISO, ADR 034); null when none was made. */
  promised_at: z.optional(z.nullable(z.string())),
  /** Delivered after its promise: the service fee refunded ('refunded') or about to be ('queued'). */
  late_refund: z.optional(z.nullable(z.enum(['queued', 'refunded']))),
});
export type Pedido = z.infer<typeof PedidoSchema>;

/**
 * GET pedidos: the logged-in customer's orders, newest first; GET pedidos?id=:
 * `pedidos` holds that one order, `toFinalize` echoes `&toFinalize=1`.
 */
export const PedidosOrOneAnswerSchema = z.extend(ApiAnswerSchema, {
  pedidos: z.array(PedidoSchema),
  toFinalize: z.boolean(),
});
export type PedidosAnswer = z.infer<typeof PedidosOrOneAnswerSchema>;
