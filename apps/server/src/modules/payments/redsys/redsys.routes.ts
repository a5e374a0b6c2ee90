import { createHash } from 'node:crypto';
import { OrderIdParamQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../http/app-error.ts';
import { escapeHtml } from '../../../http/html.ts';
import { translate } from '../../../http/translate.ts';
import { visitorOf } from '../../session/session.plugin.ts';
import { latestOwnedPayment } from '../gateways.repository.ts';
import { ORDER_SUMMARY_CSS, orderLines, orderSummaryHtml } from '../order-lines.ts';
import { signedNoticeRoutes } from '../signed-notice-route.ts';
import { REDSYS_NOTIFY_PATH, type RedsysForm } from './redsys.gateway.ts';

/** The page's one script: post the form at once (a button stays for browsers without scripts). */
const AUTO_SUBMIT = "document.getElementById('redsys').submit();";
const AUTO_SUBMIT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT).digest('base64')}'`;

function isRedsysForm(value: unknown): value is RedsysForm {
  const form = value as Partial<RedsysForm> | null;
  return (
    typeof form === 'object' &&
    form !== null &&
    typeof form.Ds_SignatureVersion === 'string' &&
    typeof form.Ds_MerchantParameters === 'string' &&
    typeof form.Ds_Signature === 'string'
  );
}

/**
 * This page only may post a form to the gateway: the app's CSP (http/security.ts)
 * keeps form-action 'self' everywhere else. The inline script is allowed by its hash.
 */
export function redsysPageCsp(paymentUrl: string): string {
  return [
    "default-src 'none'",
    `script-src ${AUTO_SUBMIT_HASH}`,
    "style-src 'unsafe-inline'",
    `form-action ${new URL(paymentUrl).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * GET redsys/rest/processBizum?order_id= (spec 7, "returns html"): the signed
 * form of the order's open Redsys attempt (Bizum or card), posted to Redsys's
 * payment page by the browser. Only the order's customer gets it.
 */
export const redsysRoutes: FastifyPluginAsyncZod<{ paymentUrl: string }> = async (app, { paymentUrl }) => {
  const csp = redsysPageCsp(paymentUrl);

  app.get(
    '/redsys/rest/processBizum',
    { schema: { querystring: OrderIdParamQuerySchema } },
    async (request, reply) => {
      const { session, store } = visitorOf(request);
      if (!app.gateways.named('redsys')) throw notFound();
      const found = await latestOwnedPayment(app.database.db, {
        orderId: request.query.order_id,
        customerId: session.customerId,
        storeId: store.id,
        gateway: 'redsys',
      });
      const open = found && (found.payment.status === 'pending' || found.payment.status === 'created');
      const form = found?.payment.data.form;
      if (!open || !isRedsysForm(form)) throw notFound();
      const hidden = (name: keyof RedsysForm) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(form[name])}">`;
      // What the customer pays for, while the browser hands the form over to Redsys (issue 20 item 1).
      const summary = orderSummaryHtml({
        lines: await orderLines(app.database.db, request.query.order_id),
        total: found.payment.amountCents,
        vatRateBp: store.vatRateBp,
        language: store.language,
      });
      const page = `<!doctype html>
<html lang="${store.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(translate(store.language, 'gatewayRedirect.title'))}</title>
<style>${ORDER_SUMMARY_CSS}.order-summary{max-width:28rem;margin:1rem auto;text-align:left}</style></head>
<body style="font-family:system-ui,sans-serif;text-align:center;margin-top:3rem">
<p>${escapeHtml(translate(store.language, 'gatewayRedirect.title'))}</p>${summary}
<form id="redsys" method="post" action="${escapeHtml(paymentUrl)}">${hidden('Ds_SignatureVersion')}${hidden('Ds_MerchantParameters')}${hidden('Ds_Signature')}
<button type="submit">${escapeHtml(translate(store.language, 'gatewayRedirect.continue'))}</button></form>
<script>${AUTO_SUBMIT}</script></body></html>`;
      return reply
        .header('content-security-policy', csp)
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(page);
    },
  );
};

/**
 * POST /payments/redsys/notify: Redsys's notice (x-www-form-urlencoded
 * Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature; signed-notice-route.ts).
 */
export const redsysNotifyRoutes = signedNoticeRoutes({
  path: REDSYS_NOTIFY_PATH,
  gateway: 'redsys',
  contentType: 'application/x-www-form-urlencoded',
  bodyLimit: 32 * 1024,
});
