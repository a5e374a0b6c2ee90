import type { OrderEvent } from '../schemas/orders.ts';

/** What the server records about an order that its timeline is read from. */
export interface OrderTimelineFacts {
  /** When the order was placed (ISO 8601). */
  createdAt: string;
  /** Every status change of the order, from its audit entries (ISO time, from, to). */
  statusChanges: readonly { at: string; from: string | null; to: string }[];
  /** The order's incidents: raised, and answered by the customer (the incident form). */
  incidents: readonly { id: number; createdAt: string; answeredAt: string | null }[];
  /** When each result document was attached. */
  results: readonly { at: string }[];
  /**
   * When each captured payment was last written: the paid time when no audit
   * entry tells it (an order paid before status changes were audited).
   */
  capturedPayments?: readonly { at: string }[];
}

const PAID_TARGETS = new Set([
  'complete_pending',
  'complete_in_progress',
  'complete_incident',
  'complete_ready',
]);
const UNPAID = new Set(['pending_payment', 'processing', 'payment_review', 'holded', 'fraud', null]);

/**
 * The customer's timeline of an order (issue 20 item 7): received, paid, sent
 * to the registry, each incident and the customer's answer, issued (the
 * document attached), delivered (ready), refunded or cancelled, oldest first.
 * Each kind happens once except incidents (one per incident).
 */
export function orderTimeline(facts: OrderTimelineFacts): OrderEvent[] {
  const events: OrderEvent[] = [{ kind: 'received', at: facts.createdAt }];
  const changes = [...facts.statusChanges].sort((a, b) => a.at.localeCompare(b.at));
  const first = (match: (change: (typeof changes)[number]) => boolean) => changes.find(match)?.at;
  const earliest = (list: readonly { at: string }[] | undefined) =>
    [...(list ?? [])].sort((a, b) => a.at.localeCompare(b.at))[0]?.at;
  const paid = first((c) => PAID_TARGETS.has(c.to) && UNPAID.has(c.from)) ?? earliest(facts.capturedPayments);
  if (paid) events.push({ kind: 'paid', at: paid });
  const sent = first((c) => c.to === 'complete_in_progress');
  if (sent) events.push({ kind: 'sent_to_registry', at: sent });
  for (const incident of facts.incidents) {
    events.push({ kind: 'incident', at: incident.createdAt, incident_id: incident.id });
    if (incident.answeredAt)
      events.push({ kind: 'incident_answered', at: incident.answeredAt, incident_id: incident.id });
  }
  const issued = earliest(facts.results);
  if (issued) events.push({ kind: 'issued', at: issued });
  const delivered = first((c) => c.to === 'complete_ready');
  if (delivered) events.push({ kind: 'delivered', at: delivered });
  const refunded = first((c) => c.to === 'closed');
  if (refunded) events.push({ kind: 'refunded', at: refunded });
  const canceled = first((c) => c.to === 'canceled');
  if (canceled) events.push({ kind: 'canceled', at: canceled });
  // Stable: events at the same instant keep the order above (received before paid...).
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.localeCompare(b.event.at) || a.index - b.index)
    .map(({ event }) => event);
}
