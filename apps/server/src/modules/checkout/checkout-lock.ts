import { lockSession } from '../session/session.repository.ts';
import type { Session, SessionLock } from '../session/session.service.ts';
import { lockQuoteWithItems, type QuoteRead } from './checkout.repository.ts';

/**
 * The checkout's lock of the session (issue 22): the session's row, its quote
 * and the quote's items in one statement instead of two (lockSession, then
 * lockQuoteWithItems). The statement reads the items in the snapshot it took
 * before waiting for the row locks, so an add committed meanwhile could be
 * missing from it; every change of a quote's items moves its version on in the
 * same transaction, and the quote's row, locked, is read as last committed.
 * So when the locked quote is the one the request read with the session
 * (before this statement began) and at the same version, no change of its
 * items committed since, none is pending (the row is ours), and the items read
 * are all there are: `read()` answers them. Otherwise (an add or a checkout in
 * between, or no open quote then) it answers nothing and the checkout reads
 * the quote again under the locks (lockQuoteWithItems), as before. No quote,
 * or no row: lockSession's own statement says which.
 */
export function checkoutLock(
  session: Pick<Session, 'quoteId' | 'quoteVersion'>,
  requestId: string | undefined,
  customerId: number | null,
): { lock: SessionLock; read: () => QuoteRead | undefined } {
  let read: QuoteRead | undefined;
  const lock: SessionLock = async (tx, sessionId) => {
    read = undefined;
    const request = requestId ? { requestId, sessionId } : undefined;
    const found = await lockQuoteWithItems(tx, { sessionId }, request, customerId);
    if (!found) return lockSession(tx, sessionId);
    const { quote } = found;
    if (
      session.quoteVersion !== null &&
      quote.id === session.quoteId &&
      quote.version === session.quoteVersion
    )
      read = found;
    return { quoteId: quote.id, quoteOpen: quote.status === 'open' };
  };
  return { lock, read: () => read };
}
