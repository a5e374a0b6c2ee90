import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { resolveAttempt, STALE_ATTEMPT_MS } from '../payments/payment-jobs.ts';
import { nextOf } from '../payments/payment-outcome.ts';
import { lastPayment, paymentById } from '../payments/payments.repository.ts';
import { type CheckoutRequestRow, findCheckoutRequest } from './checkout.repository.ts';
import type { CheckoutInput, CheckoutResult } from './checkout.service.ts';

/**
 * How long after a register checkout its request may be replayed with the
 * cookie the checkout's renewal replaced (the first answer, which carried the
 * new cookie, was lost). Same-session replays have no limit.
 */
export const STALE_REPLAY_WINDOW_MS = 15 * 60_000;
/** How long a replay waits for the first request's gateway call to be recorded. */
export const REPLAY_WAIT_MS = 10_000;

/** Thrown inside the checkout's transaction when the request turns out to be a replay (rolls it back). */
export class CheckoutReplay extends Error {
  constructor(readonly request: CheckoutRequestRow) {
    super('checkout request already answered');
  }
}

/**
 * The answer of a checkout request seen before, found before any transaction,
 * for a session the renewal moved: by the stale cookie's id when its form key
 * matched (csrf.ts) and the request is recent. A stored session's request (the
 * same cookie, or the one the register path renewed it to) is found inside the
 * checkout's transaction instead, in the statement that locks its quote once
 * the session's row is held (checkout.service.ts): one lookup, not one before
 * and one inside (issue 22). A request id of another session finds nothing (it
 * checks out as a new request).
 */
export async function replayOf(
  app: FastifyInstance,
  visitor: Visitor,
  input: Pick<CheckoutInput, 'requestId' | 'staleSessionId'>,
): Promise<CheckoutResult | null> {
  if (!input.requestId || visitor.session.stored) return null;
  const db = app.database.db;
  const stale = input.staleSessionId;
  if (!stale) return null;
  const prior = await findCheckoutRequest(db, input.requestId, stale);
  if (
    !prior ||
    prior.sessionId !== stale ||
    Date.now() - prior.createdAt.getTime() > STALE_REPLAY_WINDOW_MS
  ) {
    return null;
  }
  return replayAnswer(app, visitor, prior);
}

/**
 * A replay's answer: the same order, its payment's current next step (waiting,
 * boundedly, while the first request is still calling the gateway), and the
 * session the first answer gave (the renewed one on the register path).
 */
export async function replayAnswer(
  app: FastifyInstance,
  visitor: Visitor,
  prior: CheckoutRequestRow,
): Promise<CheckoutResult> {
  const db = app.database.db;
  const session =
    prior.renewedSessionId === visitor.session.id
      ? visitor.session
      : await app.sessions.byId(prior.renewedSessionId, new Date());
  if (!session) throw new AppError('conflict', 'quoteAlreadyOrdered');
  const until = Date.now() + REPLAY_WAIT_MS;
  let payment = await paymentById(db, prior.paymentId);
  while (payment?.status === 'created' && Date.now() < until) {
    // An attempt whose answer was lost long ago (a crash between the phases) is resolved now.
    if (Date.now() - payment.createdAt.getTime() >= STALE_ATTEMPT_MS) {
      // The provider unreachable for its lookup: the resolve job tries again; the answer says pending.
      await resolveAttempt(db, app.gateways, payment.id).catch(() => undefined);
      payment = await paymentById(db, prior.paymentId);
      break;
    }
    await sleep(100);
    payment = await paymentById(db, prior.paymentId);
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, prior.orderId));
  if (!order) throw new AppError('conflict', 'quoteAlreadyOrdered');
  // A later attempt (a retry from the orders page) is where the order's payment stands now.
  const last = (await lastPayment(db, order.id)) ?? payment;
  return {
    orderId: order.id,
    storeId: order.storeId,
    next: nextOf(order, last, visitor.store.language),
    session,
  };
}
