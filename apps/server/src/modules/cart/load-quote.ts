import { and, eq } from 'drizzle-orm';
import { quotes } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session, SessionService } from '../session/session.service.ts';
import { setSessionQuote } from './cart.repository.ts';
import type { Visitor } from './cart.service.ts';

/**
 * GET loadquote?id= (spec 7; payment/quote/{quote_id}): a saved quote of the
 * logged-in customer, still open and of this store, becomes the session's cart
 * (e.g. the located properties the back office found for them). Anonymous: 401;
 * someone else's quote, another store's or no such quote: 404; a quote already
 * ordered: 409. The session's previous quote is left as it was.
 */
export async function loadQuoteIntoSession(
  sessions: Pick<SessionService, 'write'>,
  visitor: Visitor,
  quoteId: number,
): Promise<Session> {
  const customerId = visitor.session.customerId;
  if (customerId === null) throw new AppError('unauthorized', 'unauthorized');
  const { session } = await sessions.write(visitor.session, visitor.store.id, async (tx, sessionId) => {
    const [quote] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .where(
        and(eq(quotes.id, quoteId), eq(quotes.customerId, customerId), eq(quotes.storeId, visitor.store.id)),
      )
      .for('update');
    if (!quote) throw new AppError('not_found', 'notFound');
    if (quote.status === 'ordered') throw new AppError('conflict', 'quoteAlreadyOrdered');
    if (quote.status !== 'open') throw new AppError('not_found', 'notFound');
    await setSessionQuote(tx, sessionId, quoteId);
  });
  return session;
}
