import {
  type Billing,
  type CheckoutNext,
  cccToIban,
  type PaymentForm,
  type PaymentMethod,
  PaymentMethodSchema,
} from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { checkBilling } from '../customers/customers.service.ts';
import { hashPassword } from '../customers/password.ts';
import { applyCheckoutBilling } from '../invoices/billing-at-checkout.ts';
import { allocateOrderId } from '../orders/order-ids.repository.ts';
import { failedPaymentMessage, startPayment } from '../payments/payments.service.ts';
import { mergeSessionData } from '../session/session.repository.ts';
import type { LockedSession, Session } from '../session/session.service.ts';
import {
  closeQuote,
  insertOrder,
  insertOrderItem,
  lockQuote,
  moveQuoteFiles,
  quoteItemsOf,
} from './checkout.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

/** The payment part of a checkout: a method and its fields (memory only), or null for the customer's preferred one. */
export type CheckoutPayment = PaymentForm | null;

export interface CheckoutInput {
  /** Register path: the new customer's e-mail, their acceptance and optional password (absent: authenticated path). */
  register?: { email: string; pass?: string | undefined } | undefined;
  /** The order's e-mail on the authenticated path (default: the customer's). */
  email?: string | undefined;
  billing?: Billing | undefined;
  payment: CheckoutPayment;
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
   * Turns the session's quote into an order in ONE transaction: the session and
   * its quote locked, the customer created (register path, logged in under a new
   * session id) or the logged-in one, the order (store-prefixed id), its items
   * with their forms and files, the quote closed, the first payment attempt
   * started. A quote already ordered answers 409: a second submit never makes a
   * second order.
   */
  checkout(visitor: Visitor, input: CheckoutInput): Promise<CheckoutResult>;
}

/** The gateway fields of a payment form: strings only, never stored (startPayment passes them on). */
function paymentFields(payment: PaymentForm): Record<string, string> {
  switch (payment.type) {
    case 'cc':
      // No card fields: the card gateway's own page or element takes the card (issue 17).
      if (payment.num === undefined) return {};
      return {
        num: payment.num,
        month: payment.month ?? '',
        year: payment.year ?? '',
        ...(payment.cvc ? { cvc: payment.cvc } : {}),
      };
    case 'bank':
      // No IBAN: the gateway's element takes it (Stripe SEPA Direct Debit).
      if (payment.ccc) return { iban: cccToIban(payment.ccc) };
      return payment.iban === undefined ? {} : { iban: payment.iban };
    case 'bizum':
    case 'mbway':
      return payment.phone ? { phone: payment.phone } : {};
    case 'monei':
      return payment.paymethod ? { paymethod: payment.paymethod } : {};
    case 'stripe':
      return payment.payment_method ? { payment_method: payment.payment_method } : {};
    default:
      return {};
  }
}

export function createCheckoutService(app: FastifyInstance, env: Env): CheckoutService {
  return {
    async checkout(visitor, input) {
      const { store } = visitor;
      const loggedIn = visitor.session.customerId !== null;
      const registering = input.register !== undefined && !loggedIn;
      if (!registering && !loggedIn) throw new AppError('unauthorized', 'unauthorized');

      const method = chooseMethod(visitor, input.payment);
      const fields = input.payment ? paymentFields(input.payment) : {};
      const billing = input.billing ? checkBilling(store.id, input.billing, 'form.billing') : undefined;
      const passwordHash =
        registering && input.register?.pass ? await hashPassword(input.register.pass) : null;
      const baseUrl = env.PUBLIC_BASE_URL ?? (input.origin || store.homepage.replace(/\/+$/, ''));
      // Read before the transaction: PGlite has one connection, so nothing may query outside `tx` inside it.
      const customer = registering ? null : await app.customers.requireCustomer(visitor.session);
      const catalog = await app.catalog.snapshot();

      /** Everything of the order inside the session's transaction; answers the order id and the payment's next step. */
      const place = async (tx: AppDb, sessionId: string, locked: LockedSession | undefined) => {
        // The row is gone when a concurrent checkout of this session moved it to a new id.
        if (!locked) throw new AppError('conflict', 'quoteAlreadyOrdered');
        const quote = locked.quoteId === null ? undefined : await lockQuote(tx, locked.quoteId);
        if (!quote) throw new AppError('conflict', 'emptyCart');
        if (quote.status === 'ordered') throw new AppError('conflict', 'quoteAlreadyOrdered');
        if (quote.status !== 'open') throw new AppError('conflict', 'emptyCart');
        const items = await quoteItemsOf(tx, quote.id);
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
        const orderId = await allocateOrderId(tx, store.id);
        const order = await insertOrder(tx, {
          id: orderId,
          storeId: store.id,
          quoteId: quote.id,
          customerId,
          status: 'pending_payment',
          paymentMethod: method,
          totalCents,
          currency: 'EUR',
          email,
          billing: billing ? { ...billing } : {},
        });
        const orderItemIds = new Map<number, number>();
        for (const item of items) {
          const parentId = item.parentId === null ? null : (orderItemIds.get(item.parentId) ?? null);
          const id = await insertOrderItem(tx, {
            orderId,
            quoteItemId: item.id,
            productId: item.productId,
            productName: catalog.products.get(item.productId)?.row.name ?? String(item.productId),
            // The definition's version the customer filled in (the back office's catalogue keeps every version).
            productVersion: item.productVersion,
            parentId,
            qty: item.qty,
            options: item.options,
            form: item.form,
            priceCents: item.priceCents,
          });
          orderItemIds.set(item.id, id);
        }
        await moveQuoteFiles(tx, quote.id, orderId);
        await closeQuote(tx, quote.id, orderId, customerId);

        const started = await startPayment(tx, {
          order,
          created: order,
          method,
          fields,
          baseUrl,
          language: store.language,
        });
        // A failure always carries the spec's failed-payment text.
        const next: CheckoutNext =
          started.type === 'failed' && !started.message
            ? { type: 'failed', message: failedPaymentMessage(store.language) }
            : started;
        await mergeSessionData(tx, sessionId, {
          lastOrderId: orderId,
          lastItemIds: [...orderItemIds.values()],
          lastOrderProducts: items
            .filter((item) => item.parentId === null)
            .map((item) => ({
              product_id: item.productId,
              name: catalog.products.get(item.productId)?.row.name ?? String(item.productId),
              price: item.priceCents * item.qty,
            })),
          lastOrderPrice: totalCents,
          invalidPayment: next.type === 'failed',
          paymentMessage: next.type === 'failed' ? next.message : null,
          ...(next.type === 'success' ? { lastSuccessId: orderId } : {}),
        });
        return { orderId, next, customerId };
      };

      if (registering) {
        const { result, session } = await app.sessions.renew(
          visitor.session,
          store.id,
          async (tx, sessionId, locked) => {
            const placed = await place(tx, sessionId, locked);
            return { result: placed, customerId: placed.customerId };
          },
        );
        return { orderId: result.orderId, storeId: store.id, next: result.next, session };
      }
      const { result, session } = await app.sessions.write(visitor.session, store.id, place);
      return { orderId: result.orderId, storeId: store.id, next: result.next, session };
    },
  };
}

/** The method of a checkout: the form's (offered by the store), else the customer's preferred one, else card. */
function chooseMethod(visitor: Visitor, payment: CheckoutPayment): PaymentMethod {
  const offered = visitor.store.paymentMethods;
  if (payment) {
    if (!offered.includes(payment.type)) throw invalidField('form.type', 'invalid_option');
    return payment.type;
  }
  const preferred = PaymentMethodSchema.safeParse(visitor.session.customerPreferredPayment);
  if (preferred.success && offered.includes(preferred.data)) return preferred.data;
  return 'cc';
}

export const checkoutPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('checkout', createCheckoutService(app, env));
  },
  { name: 'checkout', dependencies: ['database', 'catalog', 'sessions', 'customers'] },
);
