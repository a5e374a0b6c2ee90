/**
 * A gateway's verdict in the return URL's query: `result` / `status`
 * (ok, paid, success, approved / ko, failed, denied, declined) or Stripe's
 * `redirect_status` (succeeded / failed).
 */
export function resultOfQuery(search: string): 'ok' | 'failed' | null {
  const query = new URLSearchParams(search);
  const value = (
    query.get('result') ??
    query.get('status') ??
    query.get('redirect_status') ??
    ''
  ).toLowerCase();
  if (['ok', 'paid', 'success', 'succeeded', 'approved'].includes(value)) return 'ok';
  if (['ko', 'failed', 'fail', 'denied', 'declined', 'canceled', 'cancelled', 'error'].includes(value))
    return 'failed';
  return null;
}
