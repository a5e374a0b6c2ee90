import {
  CheckoutAuthenticatedBodySchema,
  CheckoutNextSchema,
  CheckoutRegisterBodySchema,
  CheckoutRegisterPaypalBodySchema,
  type PaymentForm,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';
import type { CheckoutInput, CheckoutResult } from './checkout.service.ts';

const CheckoutAnswerSchema = z.extend(ConfigAnswerSchema, {
  ok: z.literal(true),
  order_id: z.string(),
  store_id: z.int(),
  next: CheckoutNextSchema,
});

/**
 * A checkout sent again after the answer that renewed its session was lost
 * carries the replaced cookie and its form key: accepted (csrf.ts), and the
 * service answers it only as a replay of that session's own request id.
 */
const REPLAYABLE = { staleSessionFormKey: true };

/** The payment part of a checkout form: the method and its fields, without the other keys. */
function paymentOf(form: Record<string, unknown>): PaymentForm {
  const { email: _e, billing: _b, accept_terms: _a, pass: _p, request_id: _r, ...payment } = form;
  return payment as PaymentForm;
}

/**
 * Checkout (spec 7 "Checkout"; mounted under the API prefix): each call turns
 * the session's quote into an order and starts its payment, answering
 * `{ ok, order_id, store_id, next, config }` (DECISIONS.md "Payloads").
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  async function run(
    request: FastifyRequest,
    input: Omit<CheckoutInput, 'clientAddress' | 'origin' | 'staleSessionId'>,
  ) {
    const result: CheckoutResult = await app.checkout.checkout(visitorOf(request), {
      ...input,
      staleSessionId: request.staleSessionId,
      clientAddress: request.ip,
      origin: await app.knownOrigin(request),
    });
    request.session = result.session;
    return {
      ok: true as const,
      order_id: result.orderId,
      store_id: result.storeId,
      next: result.next,
      config: await requestConfig(request),
    };
  }

  app.post(
    '/checkoutAuthenticated',
    {
      config: REPLAYABLE,
      schema: { body: CheckoutAuthenticatedBodySchema, response: { 200: CheckoutAnswerSchema } },
    },
    async (request) => {
      const form = request.body.form;
      return run(request, {
        email: form?.email,
        billing: form?.billing,
        payment: form ? paymentOf(form) : null,
        requestId: form?.request_id,
      });
    },
  );

  app.post(
    '/checkoutRegister',
    {
      config: REPLAYABLE,
      schema: { body: CheckoutRegisterBodySchema, response: { 200: CheckoutAnswerSchema } },
    },
    async (request) => {
      const form = request.body.form;
      return run(request, {
        register: { email: form.email, pass: form.pass },
        billing: form.billing,
        payment: paymentOf(form),
        requestId: form.request_id,
      });
    },
  );

  app.post(
    '/checkoutRegisterPaypal',
    {
      config: REPLAYABLE,
      schema: { body: CheckoutRegisterPaypalBodySchema, response: { 200: CheckoutAnswerSchema } },
    },
    async (request) => {
      const form = request.body.form;
      return run(request, {
        register: { email: form.email, pass: form.pass },
        billing: form.billing,
        payment: { type: 'paypal' },
        requestId: form.request_id,
      });
    },
  );
};
