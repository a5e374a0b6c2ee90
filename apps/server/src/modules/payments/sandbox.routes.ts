import { defaultVatRateBp, LanguageSchema } from '@shop/domain';
import type { TranslationKey } from '@shop/domain/i18n';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { orderSummaryHtml } from './order-lines.ts';
import { applyNotice } from './payment-notices.ts';
import { type PaymentRow, paymentPageByRef } from './payments.repository.ts';
import { cardResult, SANDBOX_REF, SANDBOX_SIGNATURE_HEADER, sandboxCardOutcome } from './sandbox.gateway.ts';
import { mbwayBody, mbwayError, mbwayTitle } from './sandbox-mbway.ts';
import {
  type ActionBody,
  ActionBodySchema,
  cardForm,
  type Kind,
  type PageContext,
  page,
  render,
  returnUrl,
  self,
} from './sandbox-pages.ts';

/** Where the sandbox's notices arrive (a real gateway's webhook URL). */
export const SANDBOX_NOTIFY_PATH = '/payments/sandbox/notify';

const RefParamsSchema = z.object({ ref: z.string().check(z.regex(SANDBOX_REF)) });

/**
 * The sandbox gateway's own pages (card form, 3-D Secure challenge, Bizum
 * confirmation, PayPal approval and return, Multibanco ATM, direct-debit
 * collection) and its notice endpoint. A page that confirms or refuses a
 * payment sends the signed notice a real gateway would send, over HTTP to
 * SANDBOX_NOTIFY_PATH, and only then sends the customer back to the store.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ appPrefix: string }> = async (app, { appPrefix }) => {
  // Notices are verified over their exact bytes; the pages post plain HTML forms.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(SANDBOX_NOTIFY_PATH, { schema: { body: z.string() } }, async (request) => {
    const sandboxGateway = app.sandboxGateway;
    const notice = await sandboxGateway.verifyNotice({
      headers: request.headers,
      rawBody: request.body,
      query: {},
    });
    const result = await applyNotice(app.database.db, sandboxGateway.name, notice);
    if (result.status === 'applied') app.metrics.paymentOutcome(sandboxGateway.name, notice.outcome);
    return { ok: true, status: result.status };
  });

  /** Delivers a notice as the gateway's servers would: a signed POST to the notice endpoint. */
  async function deliver(payment: PaymentRow, outcome: 'paid' | 'failed'): Promise<void> {
    const { body, signature } = app.sandboxGateway.notice(
      payment.providerRef ?? '',
      outcome,
      payment.amountCents,
    );
    const response = await app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`sandbox notice answered ${response.statusCode}`);
  }

  async function contextOf(ref: string): Promise<PageContext> {
    const found = await paymentPageByRef(app.database.db, app.sandboxGateway.name, ref);
    if (!found) throw new AppError('not_found', 'notFound');
    const store = (await app.catalog.snapshot()).stores.get(found.order.storeId);
    const language = LanguageSchema.safeParse(store?.language).data ?? 'es';
    const { lines, payment, order } = found;
    return {
      payment,
      order,
      language,
      portal: store?.portalName ?? '',
      t: (key, vars) => translate(language, `payments.sandbox.${key}` as TranslationKey, vars),
      summary: orderSummaryHtml({
        lines,
        total: found.order.totalCents,
        vatRateBp: store?.vatRateBp ?? defaultVatRateBp(found.order.storeId),
        language,
      }),
    };
  }

  const open = (c: PageContext) => c.payment.status === 'created' || c.payment.status === 'pending';

  function closedPage(c: PageContext, reply: FastifyReply) {
    const back = returnUrl(appPrefix, c.payment, c.order, c.payment.status === 'paid');
    return html(
      reply,
      page(
        c,
        c.t('title'),
        `<p>${escapeHtml(c.t('closed'))}</p><p><a href="${escapeHtml(back)}">${escapeHtml(c.t('back'))}</a></p>`,
      ),
    );
  }

  function html(reply: FastifyReply, body: string, status = 200) {
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  for (const kind of ['card', '3ds', 'bizum', 'mbway', 'paypal', 'multibanco', 'bank'] as const) {
    app.get(
      `/payments/sandbox/${kind}/:ref`,
      { schema: { params: RefParamsSchema } },
      async (request, reply) => {
        const c = await contextOf(request.params.ref);
        if (!open(c)) return closedPage(c, reply);
        return html(reply, render(kind, c, request.params.ref));
      },
    );

    app.post(
      `/payments/sandbox/${kind}/:ref`,
      { schema: { params: RefParamsSchema, body: ActionBodySchema } },
      async (request, reply) => {
        const ref = request.params.ref;
        const c = await contextOf(ref);
        if (!open(c)) return closedPage(c, reply);
        const outcome = await act(kind, c, ref, request.body);
        if (outcome.type === 'page') return html(reply, outcome.html, outcome.status);
        if (outcome.type === 'redirect') return reply.redirect(outcome.url, 303);
        await deliver(c.payment, outcome.paid ? 'paid' : 'failed');
        if (kind === 'multibanco' || kind === 'bank') {
          const back = returnUrl(appPrefix, c.payment, c.order, outcome.paid);
          return html(
            reply,
            page(
              c,
              c.t('title'),
              `<p>${escapeHtml(c.t('done'))}</p><p><a href="${escapeHtml(back)}">${escapeHtml(c.t('back'))}</a></p>`,
            ),
          );
        }
        return reply.redirect(returnUrl(appPrefix, c.payment, c.order, outcome.paid), 303);
      },
    );
  }

  // PayPal sends the customer back to the merchant's return URL; the merchant then captures.
  app.get(
    '/payments/sandbox/paypal/:ref/return',
    { schema: { params: RefParamsSchema } },
    async (request, reply) => {
      const c = await contextOf(request.params.ref);
      if (!open(c) || c.payment.data.approved !== true) return closedPage(c, reply);
      await deliver(c.payment, 'paid');
      return reply.redirect(returnUrl(appPrefix, c.payment, c.order, true), 303);
    },
  );

  type Outcome =
    | { type: 'notice'; paid: boolean }
    | { type: 'redirect'; url: string }
    | { type: 'page'; html: string; status: number };

  async function act(kind: Kind, c: PageContext, ref: string, body: ActionBody): Promise<Outcome> {
    switch (kind) {
      case 'card': {
        // The card number lives in this function only: never stored, never logged.
        const result = cardResult('', ref, 'card', sandboxCardOutcome(body.num ?? ''));
        if (sandboxCardOutcome(body.num ?? '') === 'invalid') {
          return { type: 'page', html: cardForm(c, ref, c.t('invalidCard')), status: 400 };
        }
        if (result.next.type === '3ds') return { type: 'redirect', url: self('3ds', ref) };
        return { type: 'notice', paid: result.outcome === 'paid' };
      }
      case 'bizum':
        if (body.action === 'approve' && !/^\+?\d{9,15}$/.test((body.phone ?? '').replace(/\s/g, ''))) {
          return {
            type: 'page',
            html: render('bizum', c, ref).replace(
              '<form',
              `<p class="error">${escapeHtml(c.t('invalidPhone'))}</p><form`,
            ),
            status: 400,
          };
        }
        return { type: 'notice', paid: body.action === 'approve' };
      case 'mbway': {
        const error = mbwayError(c.language, c.payment.data, body);
        if (error) {
          const html = page(
            c,
            mbwayTitle(c.language),
            mbwayBody(c.language, c.payment.data, self('mbway', ref), error),
          );
          return { type: 'page', html, status: 400 };
        }
        return { type: 'notice', paid: body.action === 'approve' };
      }
      case 'paypal':
        if (body.action === 'approve') {
          await markApproved(c.payment);
          return { type: 'redirect', url: `${self('paypal', ref)}/return` };
        }
        return { type: 'notice', paid: false };
      case '3ds':
        return { type: 'notice', paid: body.action === 'approve' };
      case 'multibanco':
        return { type: 'notice', paid: true };
      case 'bank':
        return { type: 'notice', paid: body.action !== 'return' };
    }
  }

  async function markApproved(payment: PaymentRow): Promise<void> {
    await app.database.db
      .update(payments)
      .set({ data: { ...payment.data, approved: true } })
      .where(eq(payments.id, payment.id));
  }
};
