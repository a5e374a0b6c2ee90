/** Digits of the per-store sequence in an order id (DECISIONS.md "Routes and ids"). */
export const ORDER_SEQUENCE_DIGITS = 8;
export const MAX_ORDER_SEQUENCE = 10 ** ORDER_SEQUENCE_DIGITS - 1;

/**
 * The order id: the store id followed by the 8-digit sequence (store 16, 42 ->
 * '1600000042'), so "order ids starting with 16, 26 or 28" are Portuguese orders.
 */
export function orderIdFor(storeId: number, sequence: number): string {
  if (!Number.isInteger(storeId) || storeId <= 0) throw new RangeError(`Bad store id: ${storeId}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_ORDER_SEQUENCE) {
    throw new RangeError(`Order sequence out of range: ${sequence}`);
  }
  return `${storeId}${String(sequence).padStart(ORDER_SEQUENCE_DIGITS, '0')}`;
}

/** The store id and sequence of an order id, given the known store ids (longest prefix wins). */
export function parseOrderId(
  orderId: string,
  storeIds: readonly number[],
): { storeId: number; sequence: number } | null {
  if (!/^\d+$/.test(orderId) || orderId.length <= ORDER_SEQUENCE_DIGITS) return null;
  const prefix = orderId.slice(0, -ORDER_SEQUENCE_DIGITS);
  const storeId = Number(prefix);
  if (!storeIds.includes(storeId) || String(storeId) !== prefix) return null;
  const sequence = Number(orderId.slice(-ORDER_SEQUENCE_DIGITS));
  return sequence >= 1 ? { storeId, sequence } : null;
}
