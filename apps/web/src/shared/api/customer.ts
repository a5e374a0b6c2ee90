import {
  ApiAnswerSchema,
  type Billing,
  CheckEmailAnswerSchema,
  type CheckoutAnswer,
  CheckoutAnswerSchema,
  type CheckoutNext,
  ClientAnswerSchema,
  type ClientData,
  type ClientRecord,
  type OrderSuccess,
  OrderSuccessAnswerSchema,
  type PaymentIntentAnswer,
  PaymentIntentAnswerSchema,
  type PaymentMethod,
  StripeProcessAnswerSchema,
} from '@shop/domain';
import { getConfig } from '../config/config-store.ts';
import { api } from './client.ts';

/**
 * The customer, checkout and payment calls of spec point 7 (DECISIONS.md
 * "Checkout payloads"). Every POST body carries the configuration; GETs carry
 * the session cookie and the form key (client.ts). A 4xx throws ApiError with
 * the server's translated message and field errors.
 */

/** What the storefront does after a checkout or a new payment attempt (DECISIONS.md "Checkout payloads"). */
export type PaymentNext = CheckoutNext;

/** A checkout's answer or a new payment attempt's: the order and what to do `next`. */
export type PaymentAnswer = CheckoutAnswer | PaymentIntentAnswer;

const body = (extra: object) => ({ config: getConfig(), ...extra });

/** GET checkEmail/email/{email}: whether a customer is registered with the address (register only). */
export async function checkEmail(email: string): Promise<boolean> {
  const answer = await api.get(CheckEmailAnswerSchema, `checkEmail/email/${encodeURIComponent(email)}`);
  return answer.exists === true;
}

/** POST authenticate `{ email, pass }`: logs in; the answer's config has loggedIn true. */
export function authenticate(email: string, pass: string) {
  return api.post(ApiAnswerSchema, 'authenticate', body({ email, pass }));
}

/**
 * GET rememberPassword/email/{email}?path=: mails a single-use link to
 * customer/password/{token}?path= (`path`: the storefront page to go on to);
 * the same answer whether or not the e-mail has an account.
 */
export function rememberPassword(email: string, path: string) {
  return api.get(ApiAnswerSchema, `rememberPassword/email/${encodeURIComponent(email)}`, { path });
}

/**
 * POST loginLink `{ email, path }`: mails a single-use link to customer/login/{token}?path=
 * (ADR 031); the same answer (its message says so) whether or not the e-mail has an account.
 */
export function requestLoginLink(email: string, path: string) {
  return api.post(ApiAnswerSchema, 'loginLink', body({ email, path }));
}

/** POST loginWithLink `{ token }`: logs in with a mailed link (once); the answer's config has loggedIn true. */
export function loginWithLink(token: string) {
  return api.post(ApiAnswerSchema, 'loginWithLink', body({ token }));
}

/** POST resetPassword `{ token, pass }`: sets a new password with the link's token and logs the customer in. */
export function resetPassword(token: string, pass: string) {
  return api.post(ApiAnswerSchema, 'resetPassword', body({ token, pass }));
}

/** POST logout: ends the customer's session (a new session id; the answer's config has loggedIn false). */
export function logout() {
  return api.post(ApiAnswerSchema, 'logout', body({}));
}

/** GET client: the client record (preferred payment). */
export async function getClient(): Promise<ClientRecord> {
  return (await api.get(ClientAnswerSchema, 'client')).client;
}

/** POST clientupdate `{ data }` (spec 7): changes the client record; answers it as GET client does. */
export async function updateClient(data: ClientData): Promise<ClientRecord> {
  return (await api.post(ClientAnswerSchema, 'clientupdate', body({ data }))).client;
}

/** The method fields of a checkout form (card fields stay in memory and go only in this body). */
export type PaymentFields = { type: PaymentMethod } & Record<string, string | undefined>;

/**
 * POST checkoutAuthenticated/: a logged-in customer's checkout of the session's
 * quote. `requestId` names this submit: the client's automatic retries send the
 * same body, so a lost answer is answered again with the same order.
 */
export function checkoutAuthenticated(form: PaymentFields, requestId: string, billing?: Billing) {
  return api.post(
    CheckoutAnswerSchema,
    'checkoutAuthenticated/',
    body({ form: { ...form, request_id: requestId, ...(billing ? { billing } : {}) } }),
  );
}

/**
 * POST checkoutRegister/: a new customer's checkout (their e-mail and the terms
 * accepted at register); PayPal has its own registering path, checkoutRegisterPaypal/.
 */
export function checkoutRegister(fields: PaymentFields, email: string, requestId: string, billing?: Billing) {
  const path = fields.type === 'paypal' ? 'checkoutRegisterPaypal/' : 'checkoutRegister/';
  return api.post(
    CheckoutAnswerSchema,
    path,
    body({
      form: { ...fields, email, accept_terms: true, request_id: requestId, ...(billing ? { billing } : {}) },
    }),
  );
}

/**
 * Paying an existing order again with another method (spec 7 "Payments"):
 * otherMethodsPaymentIntent (card), otherMethodsPaypal, otherMethodsBizum,
 * moneiPaymentIntent (&paymethod=moneimultibanco); the others (multibanco, mbway
 * with its number...) through otherMethodsPaymentIntent with the chosen `type`.
 */
export function payOrder(orderId: string, method: PaymentMethod, fields: Record<string, string> = {}) {
  switch (method) {
    case 'paypal':
      return api.get(PaymentIntentAnswerSchema, 'otherMethodsPaypal/', { order_id: orderId });
    case 'bizum':
      return api.get(PaymentIntentAnswerSchema, 'otherMethodsBizum/', { order_id: orderId });
    case 'monei':
      return api.get(PaymentIntentAnswerSchema, 'moneiPaymentIntent/', { order_id: orderId });
    case 'moneimultibanco':
      return api.get(PaymentIntentAnswerSchema, 'moneiPaymentIntent/', {
        order_id: orderId,
        paymethod: 'moneimultibanco',
      });
    default:
      return api.get(PaymentIntentAnswerSchema, 'otherMethodsPaymentIntent/', {
        order_id: orderId,
        type: method,
        ...fields,
      });
  }
}

/** GET orderSummary/?order_id=: the customer's order as the success and retry pages show it, with how its payment stands. */
export async function orderSummary(orderId: string): Promise<OrderSuccess> {
  return (await api.get(OrderSuccessAnswerSchema, 'orderSummary/', { order_id: orderId })).order;
}

/** GET stripe/rest/process/?order_id=: back from Stripe, the server completes the card payment (spec 7). */
export function stripeProcess(orderId: string) {
  return api.get(StripeProcessAnswerSchema, 'stripe/rest/process/', { order_id: orderId }, { silent: true });
}
