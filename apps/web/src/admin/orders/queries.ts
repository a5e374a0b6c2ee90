import { OrderDetailAnswerSchema, OrderQueueAnswerSchema } from '@shop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';

/**
 * The orders area's server state: one query options factory per read
 * endpoint, one function per change (used by useMutation). Keys start with
 * ['admin', 'orders'] so one invalidation refreshes the queue and the order.
 */
export const ordersKey = ['admin', 'orders'] as const;

/** GET /orders?{filters}: the queue, with the URL's query string as its filters. */
export function queueQuery(search: string) {
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return queryOptions({
    queryKey: [...ordersKey, 'queue', query],
    queryFn: () => adminCall(OrderQueueAnswerSchema, `/orders${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /orders/{id}: one order with everything the order screen shows. */
export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'detail', orderId],
    queryFn: async () =>
      (await adminCall(OrderDetailAnswerSchema, `/orders/${encodeURIComponent(orderId)}`)).order,
  });
}
