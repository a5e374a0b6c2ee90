import {
  MoneiQuerySchema,
  OrderIdParamQuerySchema,
  OrderSuccessAnswerSchema,
  OtherMethodsQuerySchema,
  PaymentIntentAnswerSchema,
} from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../http/html.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import { invoiceFileName } from '../documents/invoice-pdf.ts';
import { findFile } from '../files/files.repository.ts';
import { invoiceOfOrder } from '../invoices/invoices.service.ts';
import { invoiceDocumentOf } from '../invoices/order-confirmation.ts';
import { visitorOf } from '../session/session.plugin.ts';
import type { PaymentMethod } from './gateway.ts';
import { cardMethodOf } from './gateway-registry.ts';
import { ORDER_SUMMARY_CSS, orderLines, orderSummaryHtml } from './order-lines.ts';
import { orderSuccess } from './order-success.ts';
import { resolveAttempt, STALE_ATTEMPT_MS } from './payment-jobs.ts';
import { retryPayment } from './payment-retry.ts';
import { startPayment } from './payment-start.ts';
import { lastPayment, ownedOrder } from './payments.repository.ts';

/** The store's origin for gateway return and notice URLs (PUBLIC_BASE_URL, else the known origin). */
async function baseUrlOf(request: FastifyRequest, env: Env): Promise<string> {
  return env.PUBLIC_BASE_URL ?? (await request.server.knownOrigin(request));
}

/**
 * Payment calls under the API prefix: the retries (otherMethodsPaymentIntent/,
 * otherMethodsPaypal/, moneiPaymentIntent/, otherMethodsBizum/) and the order
 * summary of checkout/success and payment/retry (orderSummary/).
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const retry = async (request: FastifyRequest, orderId: string, method: PaymentMethod) => {
    const { session, store } = visitorOf(request);
    const { next, attempt } = await retryPayment(app.database.db, app.gateways, {
      customerId: session.customerId,
      storeId: store.id,
      orderId,
      method,
      store,
      baseUrl: await baseUrlOf(request, env),
      language: store.language,
    });
    return {
      ok: next.type !== 'failed',
      ...(next.type === 'failed' ? { message: next.message } : {}),
      order_id: orderId,
      attempt,
      next,
      config: await requestConfig(request),
    };
  };
  const intentSchema = { querystring: OrderIdParamQuerySchema, response: { 200: PaymentIntentAnswerSchema } };
  // They start a payment attempt: no HEAD twin (HEAD needs no form key).
  const noHead = { exposeHeadRoute: false };

  // The method the customer chose on the retry page (`type`), else the store's card.
  app.get(
    '/otherMethodsPaymentIntent',
    {
      ...noHead,
      schema: { querystring: OtherMethodsQuerySchema, response: { 200: PaymentIntentAnswerSchema } },
    },
    async (request) =>
      retry(
        request,
        request.query.order_id,
        request.query.type ?? cardMethodOf(visitorOf(request).store.paymentMethods),
      ),
  );
  app.get('/otherMethodsPaypal', { ...noHead, schema: intentSchema }, async (request) =>
    retry(request, request.query.order_id, 'paypal'),
  );
  app.get('/otherMethodsBizum', { ...noHead, schema: intentSchema }, async (request) =>
    retry(request, request.query.order_id, 'bizum'),
  );
  app.get(
    '/moneiPaymentIntent',
    { ...noHead, schema: { querystring: MoneiQuerySchema, response: { 200: PaymentIntentAnswerSchema } } },
    async (request) => retry(request, request.query.order_id, request.query.paymethod ?? 'monei'),
  );

  const storage = app.storage;

  // GET invoice/?order_id= (spec 7): the order's invoice PDF, to its owner only.
  app.get('/invoice', { schema: { querystring: OrderIdParamQuerySchema } }, async (request, reply) => {
    const { session, store } = visitorOf(request);
    const order = await ownedOrder(
      app.database.db,
      { customerId: session.customerId, storeId: store.id },
      request.query.order_id,
    );
    const invoice = await invoiceOfOrder(app.database.db, order.id);
    if (!invoice) throw new AppError('not_found', 'notFound');
    const document = invoiceDocumentOf(invoice);
    // The stored PDF once the confirmation job made it; until then the same PDF rendered from the invoice.
    const file = invoice.fileId === null ? null : await findFile(app.database.db, invoice.fileId);
    const stream = file ? await storage.get(file.storageKey) : null;
    const body = stream ?? (await app.pdf.render(document));
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${invoiceFileName(document)}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });

  app.get(
    '/orderSummary',
    { schema: { querystring: OrderIdParamQuerySchema, response: { 200: OrderSuccessAnswerSchema } } },
    async (request) => {
      const { session, store } = visitorOf(request);
      const owner = { customerId: session.customerId, storeId: store.id };
      const order = await ownedOrder(app.database.db, owner, request.query.order_id);
      // An attempt whose start answer was lost long ago (a crash between the phases) is resolved first.
      const last = await lastPayment(app.database.db, order.id);
      if (last?.status === 'created' && Date.now() - last.createdAt.getTime() >= STALE_ATTEMPT_MS) {
        await resolveAttempt(app.database.db, app.gateways, last.id).catch(() => undefined);
        Object.assign(order, await ownedOrder(app.database.db, owner, order.id));
      }
      const summary = await orderSuccess(app.database.db, order, store.language);
      // The success page records the last success id (spec 4); a failed attempt sets the
      // invalid-payment flag with the failed-payment text (the config carries both), once per
      // attempt: a customer who left the failed order (a new cart) is not steered back to it.
      const data = session.data;
      const failure = `${order.id}:${summary.payment.attempt}`;
      const change =
        summary.payment.state === 'paid'
          ? data.lastSuccessId !== order.id || data.invalidPayment === true
            ? { lastSuccessId: order.id, invalidPayment: false, paymentMessage: null }
            : null
          : summary.payment.state === 'failed' && data.failureShown !== failure
            ? { invalidPayment: true, paymentMessage: summary.payment.message ?? null, failureShown: failure }
            : null;
      if (change) request.session = await app.sessions.change(session, store.id, { data: change });
      return { ok: true, order: summary, config: await requestConfig(request) };
    },
  );
};

const RedirectQuerySchema = z.object({ order_id: z.optional(OrderIdParamQuerySchema.shape.order_id) });

/**
 * GET paypal/standard/redirect/ (spec 7: html): sends the customer to the PayPal
 * approval page of their order (`?order_id=`, else the session's last order):
 * the pending PayPal attempt's page, or a new attempt's.
 */
export const paypalRedirectRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  app.get(
    '/paypal/standard/redirect',
    { config: { session: true }, schema: { querystring: RedirectQuerySchema } },
    async (request, reply) => {
      const { session, store } = visitorOf(request);
      const orderId =
        request.query.order_id ??
        (typeof session.data.lastOrderId === 'string' ? session.data.lastOrderId : '');
      const parsed = OrderIdParamQuerySchema.safeParse({ order_id: orderId });
      if (!parsed.success) throw new AppError('not_found', 'notFound');
      const order = await ownedOrder(
        app.database.db,
        { customerId: session.customerId, storeId: store.id },
        parsed.data.order_id,
      );
      const last = await lastPayment(app.database.db, order.id);
      let url =
        last?.method === 'paypal' && last.status === 'pending' && typeof last.data.next_url === 'string'
          ? last.data.next_url
          : null;
      if (!url) {
        const baseUrl = await baseUrlOf(request, env);
        const { next } = await startPayment(app.database.db, app.gateways, {
          order,
          method: 'paypal',
          fields: {},
          baseUrl,
          language: store.language,
        });
        url = next.type === 'redirect' ? next.url : `${env.APP_PREFIX}/payment/retry/${order.id}`;
      }
      const title = translate(store.language, 'payments.sandbox.paypalTitle');
      const safe = escapeHtml(url);
      // What the customer pays for, for the moment the browser takes to follow the refresh (issue 20 item 1).
      const summary = orderSummaryHtml({
        lines: await orderLines(app.database.db, order.id),
        total: order.totalCents,
        vatRateBp: store.vatRateBp,
        language: store.language,
      });
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${store.language}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${safe}"><title>${escapeHtml(title)}</title><style>${ORDER_SUMMARY_CSS}</style></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><p><a href="${safe}">${escapeHtml(title)}</a></p>${summary}</body></html>`,
        );
    },
  );
};
