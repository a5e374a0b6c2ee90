import type { Billing, CheckoutNext } from '@shop/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { itemPromise, orderPromise } from '../calendars/promise.service.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { checkBilling } from '../customers/client-record.ts';
import { hashPassword } from '../customers/password.ts';
import { applyCheckoutBilling } from '../invoices/billing-at-checkout.ts';
import { nextOrderIdSql } from '../orders/order-ids.repository.ts';
import { type Attempt, runAttempt } from '../payments/payment-start.ts';
import { type SessionDataPatch, sessionDataMerge } from '../session/session.repository.ts';
import type { LockedSession, Session } from '../session/session.service.ts';
import { findCheckoutRequest, lockQuoteWithItems, placeOrder } from './checkout.repository.ts';
import { checkoutLock } from './checkout-lock.ts';
import { type CheckoutPayment, chooseOffer, paymentFields } from './checkout-payment.ts';
import { CheckoutReplay, replayAnswer, replayOf } from './checkout-replay.ts';

export type { CheckoutPayment };

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

export interface CheckoutInput {
  /** Register path: the new customer's e-mail, their acceptance and optional password (absent: authenticated path). */
  register?: { email: string; pass?: string | undefined } | undefined;
  /** The order's e-mail on the authenticated path (default: the customer's). */
  email?: string | undefined;
  billing?: Billing | undefined;
  payment: CheckoutPayment;
  /** The client's id of this submit (checkout idempotency); absent from older clients. */
  requestId?: string | undefined;
  /** The stored session the request's cookie names when a renewal moved it (request.staleSessionId). */
  staleSessionId?: string | null | undefined;
  clientAddress: string;
  /** The origin the request came to ('' when unknown): return and notice URLs of the payment. */
  origin: string;
}

export interface CheckoutResult {
  orderId: string;
  storeId: number;
  next: CheckoutNext;
  session: Session;
}

export interface CheckoutService {
  /**
   * Turns the session's quote into an order and pays it, in two phases (ADR
   * 019). In ONE transaction: the session and its quote locked, the customer
   * created (register path, logged in under a new session id) or the logged-in
   * one, the order (store-prefixed id), its items with their forms and files,
   * the quote closed, the first payment attempt recorded (its gateway chosen),
   * the request id recorded. After it commits, the gateway is called and its
   * answer recorded in a second short transaction. A quote already ordered
   * answers 409 (a second submit never makes a second order), except the same
   * request again (same `request_id`, same browser session): 200 with the same
   * order and its payment's current next step.
   */
  checkout(visitor: Visitor, input: CheckoutInput): Promise<CheckoutResult>;
}

export function createCheckoutService(app: FastifyInstance, env: Env): CheckoutService {
  const db = () => app.database.db;
  return {
    async checkout(visitor, input) {
      const { store } = visitor;
      const replayed = await replayOf(app, visitor, input);
      if (replayed) return replayed;
      const loggedIn = visitor.session.customerId !== null;
      const registering = input.register !== undefined && !loggedIn;
      if (!registering && !loggedIn) throw new AppError('unauthorized', 'unauthorized');

      const offer = chooseOffer(app.gateways, visitor, input.payment);
      const fields = input.payment ? paymentFields(input.payment) : {};
      const billing = input.billing ? checkBilling(store.id, input.billing, 'form.billing') : undefined;
      const passwordHash =
        registering && input.register?.pass ? await hashPassword(input.register.pass) : null;
      const baseUrl = env.PUBLIC_BASE_URL ?? (input.origin || store.homepage.replace(/\/+$/, ''));
      // Read before the transaction: PGlite has one connection, so nothing may query outside `tx` inside it.
      const catalog = await app.catalog.snapshot();
      const calendars = await app.calendars.snapshot();

      const customerToRead = registering ? null : visitor.session.customerId;
      const quoteLock = checkoutLock(visitor.session, input.requestId, customerToRead);

      /** Everything of the order inside the session's transaction; answers the order and its recorded attempt. */
      const place = async (
        tx: AppDb,
        sessionId: string,
        locked: LockedSession | undefined,
        renewedId: string,
        /** The renewal's move of the session (register path), sent in the last statement with the data. */
        moveSql?: (customerId: number, data: SessionDataPatch) => SQL,
      ) => {
        const request = input.requestId ? { requestId: input.requestId, sessionId } : undefined;
        // Read with the session's lock when its items are sure (checkout-lock.ts), else again under it;
        // the logged-in customer with them (issue 22).
        const found =
          locked?.quoteId == null
            ? undefined
            : (quoteLock.read() ??
              (await lockQuoteWithItems(tx, { quoteId: locked.quoteId }, request, customerToRead)));
        if (request && (!found || found.priorRequestId !== null)) {
          // The same request again, queued behind the first on the session's lock (or its row moved by it).
          const prior = await findCheckoutRequest(tx, request.requestId, sessionId);
          if (prior) throw new CheckoutReplay(prior);
        }
        // The row is gone when a concurrent checkout of this session moved it to a new id.
        if (!locked) throw new AppError('conflict', 'quoteAlreadyOrdered');
        if (!found) throw new AppError('conflict', 'emptyCart');
        const { quote, items } = found;
        const customer = registering ? null : found.customer;
        if (!registering && !customer) throw new AppError('unauthorized', 'unauthorized');
        if (quote.status === 'ordered') throw new AppError('conflict', 'quoteAlreadyOrdered');
        if (quote.status !== 'open') throw new AppError('conflict', 'emptyCart');
        if (items.length === 0) throw new AppError('conflict', 'emptyCart');

        let customerId: number;
        let email: string;
        if (registering && input.register) {
          email = input.register.email;
          customerId = await app.customers.register(tx, {
            storeId: store.id,
            language: store.language,
            email,
            passwordHash,
            billing,
            clientAddress: input.clientAddress,
          });
        } else if (customer) {
          customerId = customer.id;
          email = input.email ?? customer.email;
        } else {
          throw new AppError('unauthorized', 'unauthorized');
        }

        const totalCents = items.reduce((sum, item) => sum + item.priceCents * item.qty, 0);
        await applyCheckoutBilling(tx, { totalCents, billing, customer });
        // The promise the cart showed (ADR 034), stored with what it was computed from.
        const now = new Date();
        const promise = orderPromise(
          items.map((item) => ({
            parentId: item.parentId,
            promise: itemPromise(calendars, item.productId, item.form, now),
          })),
        );
        // The order, its lines, its first attempt, the files, the quote's close, the request's record and
        // the session's row in one statement, the order's id taken in it (issue 22).
        const productName = (productId: number) =>
          catalog.products.get(productId)?.row.name ?? String(productId);
        const placed = await placeOrder(tx, {
          order: {
            id: nextOrderIdSql(store.id),
            storeId: store.id,
            quoteId: quote.id,
            customerId,
            paymentMethod: offer.method,
            totalCents,
            email,
            billing: billing ? { ...billing } : {},
            promisedAt: promise ? new Date(promise.promisedAt) : null,
            promiseBasis: promise?.basis ?? null,
          },
          lines: items.map((item) => ({
            quoteItemId: item.id,
            parentQuoteItemId: item.parentId,
            productId: item.productId,
            productName: productName(item.productId),
            // The definition's version the customer filled in (the back office's catalogue keeps every version).
            productVersion: item.productVersion,
            qty: item.qty,
            options: item.options,
            form: item.form,
            priceCents: item.priceCents,
          })),
          gateway: offer.gateway.name,
          request: request && { ...request, renewedSessionId: renewedId },
          // With the order's id and its lines' ids (lastOrderId, lastItemIds), taken in the statement.
          sessionData: {
            lastOrderProducts: items
              .filter((item) => item.parentId === null)
              .map((item) => ({
                product_id: item.productId,
                name: productName(item.productId),
                price: item.priceCents * item.qty,
              })),
            lastOrderPrice: totalCents,
            // A new order leaves any earlier failed one (it stays payable from the orders page).
            invalidPayment: false,
            paymentMessage: null,
          },
          // The session's row written once: its data merged, or moved to its new id with the data by the
          // renewal's UPDATE (register path).
          sessionUpdate: (data) => (moveSql ? moveSql(customerId, data) : sessionDataMerge(sessionId, data)),
        });
        const { orderId } = placed;
        // Phase 1: the attempt is recorded with the order; the gateway is called once this transaction commits.
        const attempt: Attempt = {
          paymentId: placed.paymentId,
          orderId,
          storeId: store.id,
          attempt: 1,
          method: offer.method,
          gateway: offer.gateway,
          amountCents: totalCents,
          email,
        };
        const sessionRow = placed.session;
        return { orderId, attempt, customerId, sessionRow };
      };

      let placed: { result: { orderId: string; attempt: Attempt }; session: Session };
      try {
        placed = registering
          ? await app.sessions.renew(
              visitor.session,
              store.id,
              async (tx, sessionId, locked, newId, moveSql) => {
                const result = await place(tx, sessionId, locked, newId, moveSql);
                return { result, customerId: result.customerId, moved: { row: result.sessionRow } };
              },
              quoteLock.lock,
            )
          : await app.sessions.write(
              visitor.session,
              store.id,
              (tx, sessionId, locked) => place(tx, sessionId, locked, sessionId),
              (placedHere) => placedHere.sessionRow,
              quoteLock.lock,
            );
      } catch (err) {
        if (err instanceof CheckoutReplay) return replayAnswer(app, visitor, err.request);
        throw err;
      }

      // Phase 2: no transaction open while the gateway is called (ADR 025).
      const { orderId, attempt } = placed.result;
      const next = await runAttempt(db(), attempt, { fields, baseUrl, language: store.language });
      // A step for the customer (a redirect, a voucher, pending) changes nothing the order's transaction
      // did not already write to the session (no failure, no message): no UPDATE for it (issue 22).
      if (next.type !== 'failed' && next.type !== 'success') {
        return { orderId, storeId: store.id, next, session: placed.session };
      }
      const session = await app.sessions.change(placed.session, store.id, {
        data: {
          invalidPayment: next.type === 'failed',
          paymentMessage: next.type === 'failed' ? next.message : null,
          // Shown with this answer: the order's summary does not raise the flag again for it.
          ...(next.type === 'failed' ? { failureShown: `${orderId}:${attempt.attempt}` } : {}),
          ...(next.type === 'success' ? { lastSuccessId: orderId } : {}),
        },
      });
      return { orderId, storeId: store.id, next, session };
    },
  };
}

export const checkoutPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('checkout', createCheckoutService(app, env));
  },
  {
    name: 'checkout',
    dependencies: ['database', 'catalog', 'calendars', 'sessions', 'customers', 'gateways'],
  },
);
