import {
  BulkTransitionAnswerSchema,
  type BulkTransitionBody,
  CreditNoteAnswerSchema,
  type CreditNoteBody,
  LocatedAnswerSchema,
  type LocatedProperty,
  OrderDetailAnswerSchema,
  OrderQueueAnswerSchema,
  RecordLocatedAnswerSchema,
} from '@shop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ADMIN_API, adminCall } from '../api.ts';
import { adminQueryClient } from '../query-client.ts';

/**
 * The orders area's server state: one query options factory per read
 * endpoint, one function per change (for useMutation). Keys start with
 * ['admin', 'orders'] so one invalidation refreshes the queue and the order.
 */
export const ordersKey = ['admin', 'orders'] as const;

/** After any change to orders: the queue and every open order read again. */
export const refreshOrders = () => adminQueryClient.invalidateQueries({ queryKey: ordersKey });

/** The URL's query string as the API's: sorted, so one filter set is one cache entry. */
function canonical(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  return params.toString();
}

/** GET /orders?{filters}: the queue, with the URL's query string as its filters. */
export function queueQuery(search: string) {
  const query = canonical(search);
  return queryOptions({
    queryKey: [...ordersKey, 'queue', query],
    queryFn: () => adminCall(OrderQueueAnswerSchema, `/orders${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /orders.csv?{filters}: the CSV export of the same filters (a download link, every page). */
export function exportUrl(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.sort();
  const query = params.toString();
  return `${ADMIN_API}/orders.csv${query ? `?${query}` : ''}`;
}

/** POST /orders/bulk-transition: a selection to one panel status; the result per order. */
export function bulkTransition(body: BulkTransitionBody) {
  return adminCall(BulkTransitionAnswerSchema, '/orders/bulk-transition', { method: 'POST', body });
}

/** GET /orders/{id}: one order with everything the order screen shows. */
export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'detail', orderId],
    queryFn: async () =>
      (await adminCall(OrderDetailAnswerSchema, `/orders/${encodeURIComponent(orderId)}`)).order,
  });
}

const TransitionAnswerSchema = z.object({
  ok: z.literal(true),
  status: z.string(),
  panel_status_id: z.int(),
});

/** POST /orders/{id}/transition: a panel move (an incident with its message for the customer). */
export function transition({ orderId, to, message = '' }: { orderId: string; to: string; message?: string }) {
  return adminCall(TransitionAnswerSchema, `/orders/${encodeURIComponent(orderId)}/transition`, {
    method: 'POST',
    body: { to, message },
  });
}

const ResultAnswerSchema = z.object({ ok: z.literal(true), file_id: z.int(), mail_id: z.int() });

/** POST /orders/{id}/items/{item}/result: the result document, mailed to the customer. */
export function attachResult({ orderId, itemId, file }: { orderId: string; itemId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return adminCall(ResultAnswerSchema, `/orders/${encodeURIComponent(orderId)}/items/${itemId}/result`, {
    method: 'POST',
    form,
  });
}

/** POST /orders/{id}/credit-note: the rectifying invoice and the refund (admins). */
export function issueCreditNote({ orderId, body }: { orderId: string; body: CreditNoteBody }) {
  return adminCall(CreditNoteAnswerSchema, `/orders/${encodeURIComponent(orderId)}/credit-note`, {
    method: 'POST',
    body,
  });
}

/** GET /orders/{id}/located: the order's properties searches and what was recorded. */
export function locatedQuery(orderId: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'located', orderId],
    queryFn: async () =>
      (await adminCall(LocatedAnswerSchema, `/orders/${encodeURIComponent(orderId)}/located`)).searches,
  });
}

/** POST /orders/{id}/items/{item}/located: the properties found (none: an empty list). */
export function recordLocated({
  orderId,
  itemId,
  properties,
}: {
  orderId: string;
  itemId: number;
  properties: LocatedProperty[];
}) {
  return adminCall(
    RecordLocatedAnswerSchema,
    `/orders/${encodeURIComponent(orderId)}/items/${itemId}/located`,
    { method: 'POST', body: { properties } },
  );
}

/** POST /orders/{id}/late-refund/waive: an operator waives a late order's fee refund, with the reason (ADR 034). */
export function waiveLateRefund(orderId: string, reason: string) {
  return adminCall(
    z.object({ ok: z.literal(true) }),
    `/orders/${encodeURIComponent(orderId)}/late-refund/waive`,
    {
      method: 'POST',
      body: { reason },
    },
  );
}
