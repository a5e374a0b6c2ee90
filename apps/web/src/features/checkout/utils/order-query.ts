/** Adds `?order_id=` (an existing order to pay) to a payment path; the path alone when there is none. */
export function withOrder(path: string, orderId: string | null | undefined): string {
  if (!orderId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}order_id=${encodeURIComponent(orderId)}`;
}

/** The `order_id` of the current URL's query: an existing order the payment page pays. */
export function orderOfQuery(search: string = window.location.search): string | null {
  const value = new URLSearchParams(search).get('order_id')?.trim();
  return value && /^\d{1,12}$/.test(value) ? value : null;
}
