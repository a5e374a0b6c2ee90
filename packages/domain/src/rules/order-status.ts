import type { Language } from '../schemas/config.ts';
import { parseOrderId } from './order-ids.ts';
import { statusWord } from './status-words.ts';
import { STORE_IDS, storeLanguage } from './stores.ts';

/** Server order statuses (DECISIONS.md "Order lifecycle"). */
export const ORDER_STATUSES = [
  'pending_payment',
  'processing',
  'complete_pending',
  'complete_in_progress',
  'complete_incident',
  'complete_ready',
  'canceled',
  'closed',
  'holded',
  'fraud',
  'payment_review',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A status as an order row may carry it: the server statuses plus the legacy 'pending'. */
export type OrderRowStatus = OrderStatus | 'pending';

/** The operator's panel statuses (DESIGN.md "Back office"). */
export const PANEL_STATUS = {
  pending: 10,
  inProgress: 30,
  incident: 60,
  ready: 110,
  readyDelivered: 120,
} as const;

/** What an order row shows: a key of the status vocabulary (status-words.ts). */
export type StatusDisplayKey =
  | 'refunded'
  | 'pending_payment'
  | 'incident'
  | 'ready'
  | 'pending_processing'
  | 'in_progress';
/**
 * What an order row shows: `label` is the status vocabulary's word for `key`
 * in the language of the order's store (Portuguese for orders of stores 16,
 * 26, 28, English for 17 to 19, else Spanish).
 */
export type StatusDisplay = {
  key: StatusDisplayKey;
  label: string;
  language: Language;
  className: string;
};

const CLASS_NAMES: Readonly<Record<StatusDisplayKey, string>> = {
  refunded: 'status-refunded',
  pending_payment: 'status-pending-payment',
  incident: 'status-incident',
  ready: 'status-ready',
  pending_processing: 'status-pending-processing',
  in_progress: 'status-in-progress',
};

/** True when the order id starts with 16, 26 or 28: its labels are Portuguese (spec 4). */
export function hasPortugueseOrderId(orderId: string): boolean {
  return /^(16|26|28)/.test(orderId.trim());
}

/** The language an order's statuses read in: its store's (the order id starts with the store id). */
export function orderLanguage(orderId: string): Language {
  const parsed = parseOrderId(orderId.trim(), STORE_IDS);
  if (parsed) return storeLanguage(parsed.storeId);
  return hasPortugueseOrderId(orderId) ? 'pt' : 'es';
}

/**
 * The display key of a row status (spec 4 "Order row status"); unknown statuses
 * read as unpaid. A complete_pending order whose panel status is not set yet
 * (just paid) reads as pending processing, as its items (panel 10) do.
 */
export function statusDisplayKey(row: {
  status: string;
  panel_status_id: number | null;
  pendingTramitation: boolean;
}): StatusDisplayKey {
  if (row.status === 'closed') return 'refunded';
  if (!row.status.startsWith('complete')) return 'pending_payment';
  const panel = row.panel_status_id ?? (row.status === 'complete_pending' ? PANEL_STATUS.pending : null);
  if (panel === PANEL_STATUS.incident) return 'incident';
  if (panel === PANEL_STATUS.ready || panel === PANEL_STATUS.readyDelivered) return 'ready';
  if (panel === PANEL_STATUS.pending || row.pendingTramitation) return 'pending_processing';
  return 'in_progress';
}

/** Label (in the order's store language) and CSS class of an order row. */
export function orderStatusDisplay(row: {
  order_id: string;
  status: string;
  panel_status_id: number | null;
  pendingTramitation: boolean;
}): StatusDisplay {
  const key = statusDisplayKey(row);
  const language = orderLanguage(row.order_id);
  return { key, label: statusWord(language, key), language, className: CLASS_NAMES[key] };
}
