import { ORDER_STATUSES, type OrderStatus, PANEL_STATUS } from './order-status.ts';

/**
 * Allowed moves between server statuses (DECISIONS.md "Order lifecycle").
 * A confirmed payment moves an order straight to complete_pending ('Pendiente de
 * tramitar'); processing ('Pendiente de Pago') means a payment was started and is
 * not confirmed yet (a Multibanco voucher issued, a direct-debit mandate waiting),
 * and goes back to pending_payment when it fails or expires. The operator's work
 * moves a paid order through the complete_* statuses; canceled is an unpaid order
 * given up, closed a refunded one (credit note issued). holded / fraud /
 * payment_review are operator holds. canceled and closed are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['processing', 'complete_pending', 'payment_review', 'canceled', 'holded', 'fraud'],
  processing: ['complete_pending', 'pending_payment', 'payment_review', 'canceled', 'holded', 'fraud'],
  payment_review: ['complete_pending', 'pending_payment', 'canceled', 'holded', 'fraud'],
  complete_pending: ['complete_in_progress', 'complete_incident', 'complete_ready', 'holded', 'closed'],
  complete_in_progress: ['complete_pending', 'complete_incident', 'complete_ready', 'holded', 'closed'],
  complete_incident: ['complete_pending', 'complete_in_progress', 'complete_ready', 'holded', 'closed'],
  complete_ready: ['complete_in_progress', 'complete_incident', 'closed'],
  holded: [
    'pending_payment',
    'payment_review',
    'processing',
    'complete_pending',
    'complete_in_progress',
    'complete_incident',
    'complete_ready',
    'canceled',
    'closed',
  ],
  fraud: ['pending_payment', 'complete_pending', 'canceled', 'closed'],
  canceled: [],
  closed: [],
};

/** Facts the guards look at; the server reads them from the order, its payments and documents. */
export type TransitionContext = {
  /** A payment of the order has been captured. */
  paid: boolean;
  /** A payment was started and awaits its confirmation (voucher issued, mandate waiting). */
  paymentPending?: boolean;
  /** A credit note refunding the order has been issued. */
  creditNoteIssued: boolean;
  /** The result document is attached to every item. */
  documentAttached: boolean;
  /** For an order on hold: the status it was put on hold from. */
  heldFrom?: OrderStatus;
};

/** Why a transition is refused. */
export type TransitionRefusal =
  | 'same_status'
  | 'final_status'
  | 'not_allowed'
  | 'not_paid'
  | 'already_paid'
  | 'no_payment_started'
  | 'no_credit_note'
  | 'no_document'
  | 'not_held_from';

export type TransitionCheck = { ok: true } | { ok: false; reason: TransitionRefusal };

/**
 * The statuses an order reaches only once a payment of it was captured (the
 * guard below): THE "is paid" rule of the server, the storefront and the back
 * office (a refunded, closed order was paid too).
 */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = [
  'complete_pending',
  'complete_in_progress',
  'complete_incident',
  'complete_ready',
  'closed',
];
const NEEDS_PAYMENT = PAID_ORDER_STATUSES;

/** True when an order in `status` has been paid (see PAID_ORDER_STATUSES); unknown statuses are not. */
export function isPaidOrderStatus(status: string): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(status);
}
const NEEDS_NO_PAYMENT: readonly OrderStatus[] = [
  'pending_payment',
  'processing',
  'payment_review',
  'canceled',
];

/** True for canceled and closed, which no transition leaves. */
export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/** Checks a status change against the table and its guards; the refusal names the reason. */
export function checkTransition(
  from: OrderStatus,
  to: OrderStatus,
  context: TransitionContext,
): TransitionCheck {
  if (from === to) return { ok: false, reason: 'same_status' };
  if (isFinalStatus(from)) return { ok: false, reason: 'final_status' };
  if (!ORDER_TRANSITIONS[from].includes(to)) return { ok: false, reason: 'not_allowed' };
  if (
    from === 'holded' &&
    context.heldFrom !== undefined &&
    context.heldFrom !== to &&
    to !== 'canceled' &&
    to !== 'closed'
  ) {
    return { ok: false, reason: 'not_held_from' };
  }
  if (NEEDS_PAYMENT.includes(to) && !context.paid) return { ok: false, reason: 'not_paid' };
  if (NEEDS_NO_PAYMENT.includes(to) && context.paid) return { ok: false, reason: 'already_paid' };
  if (to === 'processing' && !context.paymentPending) return { ok: false, reason: 'no_payment_started' };
  if (to === 'closed' && !context.creditNoteIssued) return { ok: false, reason: 'no_credit_note' };
  if (to === 'complete_ready' && !context.documentAttached) return { ok: false, reason: 'no_document' };
  return { ok: true };
}

/** The statuses reachable from `from` under the given facts. */
export function allowedTransitions(from: OrderStatus, context: TransitionContext): OrderStatus[] {
  return ORDER_TRANSITIONS[from].filter((to) => checkTransition(from, to, context).ok);
}

/** True when the text is a server order status. */
export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The complete_* status that matches an operator panel status (10, 30, 60, 110/120; others count as in progress). */
export function completeStatusForPanel(panelStatusId: number): OrderStatus {
  if (panelStatusId === PANEL_STATUS.pending) return 'complete_pending';
  if (panelStatusId === PANEL_STATUS.incident) return 'complete_incident';
  if (panelStatusId === PANEL_STATUS.ready || panelStatusId === PANEL_STATUS.readyDelivered)
    return 'complete_ready';
  return 'complete_in_progress';
}
