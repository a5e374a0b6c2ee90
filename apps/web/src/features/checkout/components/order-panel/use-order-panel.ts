import {
  cartSummaryLines,
  type OrderSummaryView,
  orderSummaryLines,
  orderSummaryView,
  vatRateOf,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { orderSummary } from '../../../../shared/api/customer.ts';
import { useConfig } from '../../../../shared/config/config-store.ts';

/** The query of an order's summary: the same key as the success and retry pages, so they share one answer. */
export const orderQueryOptions = (orderId: string) => ({
  queryKey: ['order', orderId] as const,
  queryFn: () => orderSummary(orderId),
});

/**
 * What the order panel shows: the order being paid again (orderSummary/, the
 * success page's query) or, without one, the cart (the runtime config's, as the
 * cart page shows it). Null while an order's summary is on its way or unknown.
 */
export function useOrderPanel(orderId: string | null | undefined): OrderSummaryView | null {
  const config = useConfig();
  // A summary that failed is not asked again when the panel mounts: the page showing it may
  // share the query and wait on it (a refetch on mount would take the page back to loading).
  const order = useQuery({
    ...orderQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId),
    retryOnMount: false,
  });
  const vatRateBp = vatRateOf(config);
  if (orderId) {
    if (!order.data) return null;
    return orderSummaryView(orderSummaryLines(order.data.items), order.data.total, vatRateBp);
  }
  if (config.cart.items.length === 0) return null;
  return orderSummaryView(cartSummaryLines(config.cart.items), config.cart.total, vatRateBp);
}
