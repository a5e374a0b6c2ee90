import { formatEuros, formatMultibancoReference, type Language, LanguageSchema } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import { applyNotice, type OrderRow, type PaymentRow, paymentByRef } from './payments.service.ts';
import {
  cardResult,
  SANDBOX_REF,
  SANDBOX_SIGNATURE_HEADER,
  sandboxCardOutcome,
  sandboxGateway,
  sandboxNotice,
} from './sandbox.gateway.ts';
import { mbwayBody, mbwayError, mbwayTitle } from './sandbox-mbway.ts';

/** Where the sandbox's notices arrive (a real gateway's webhook URL). */
export const SANDBOX_NOTIFY_PATH = '/payments/sandbox/notify';

const RefParamsSchema = z.object({ ref: z.string().check(z.regex(SANDBOX_REF)) });

/** What the sandbox's form pages post (application/x-www-form-urlencoded). */
const ActionBodySchema = z.object({
  action: z.optional(z.enum(['approve', 'fail', 'pay', 'collect', 'return'])),
  num: z.optional(z.string().check(z.maxLength(40))),
  month: z.optional(z.string().check(z.maxLength(4))),
  year: z.optional(z.string().check(z.maxLength(6))),
  cvc: z.optional(z.string().check(z.maxLength(6))),
  phone: z.optional(z.string().check(z.maxLength(30))),
});
type ActionBody = z.infer<typeof ActionBodySchema>;

type Kind = 'card' | '3ds' | 'bizum' | 'mbway' | 'paypal' | 'multibanco' | 'bank';

interface PageContext {
  payment: PaymentRow;
  order: OrderRow;
  language: Language;
  portal: string;
  t: (key: string, vars?: TranslationVars) => string;
}

function page(c: PageContext, title: string, body: string): string {
  const amount = formatEuros(c.payment.amountCents, c.language);
  return `<!doctype html>
<html lang="${c.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(c.t('title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}.note{font-size:.85rem;color:#7a5b00;background:#fff6d6;padding:.5rem;border-radius:4px}
label{display:block;margin:.5rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
button{margin:.75rem .5rem 0 0;padding:.6rem 1rem;font-size:1rem;cursor:pointer}.error{color:#b00020}dt{font-weight:bold}dd{margin:0 0 .5rem}</style>
</head><body><p class="note">${escapeHtml(c.t('notice'))}</p><div class="box"><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(c.portal)} · ${escapeHtml(c.t('order', { order: c.order.id }))}</p>
<p><strong>${escapeHtml(c.t('amount', { amount }))}</strong></p>${body}</div></body></html>`;
}

const button = (action: string, label: string) =>
  `<button type="submit" name="action" value="${action}">${escapeHtml(label)}</button>`;
const form = (action: string, inner: string) =>
  `<form method="post" action="${escapeHtml(action)}">${inner}</form>`;

/** The storefront pages a gateway sends the customer back to. */
function returnUrl(appPrefix: string, payment: PaymentRow, order: OrderRow, ok: boolean): string {
  const base = typeof payment.data.return_base === 'string' ? payment.data.return_base : '';
  return `${base}${appPrefix}/${ok ? 'checkout/success' : 'payment/retry'}/${order.id}`;
}

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
    const notice = await sandboxGateway.verifyNotice({
      headers: request.headers,
      rawBody: request.body,
      query: {},
    });
    const result = await applyNotice(app.database.db, sandboxGateway.name, notice);
    return { ok: true, status: result.status };
  });

  /** Delivers a notice as the gateway's servers would: a signed POST to the notice endpoint. */
  async function deliver(payment: PaymentRow, outcome: 'paid' | 'failed'): Promise<void> {
    const { body, signature } = sandboxNotice(payment.providerRef ?? '', outcome, payment.amountCents);
    const response = await app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`sandbox notice answered ${response.statusCode}`);
  }

  async function contextOf(ref: string): Promise<PageContext> {
    const found = await paymentByRef(app.database.db, sandboxGateway.name, ref);
    if (!found) throw new AppError('not_found', 'notFound');
    const store = (await app.catalog.snapshot()).stores.get(found.order.storeId);
    const language = LanguageSchema.safeParse(store?.language).data ?? 'es';
    return {
      ...found,
      language,
      portal: store?.portalName ?? '',
      t: (key, vars) => translate(language, `payments.sandbox.${key}` as TranslationKey, vars),
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

  const self = (kind: Kind, ref: string) => `/payments/sandbox/${kind}/${ref}`;

  function cardForm(c: PageContext, ref: string, error?: string): string {
    const field = (name: string, label: string, attrs: string) =>
      `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attrs}>`;
    return page(
      c,
      c.t('cardTitle'),
      `${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}${form(
        self('card', ref),
        `${field('num', c.t('cardNumber'), 'inputmode="numeric" autocomplete="cc-number" required')}${field('month', c.t('cardMonth'), 'inputmode="numeric" autocomplete="cc-exp-month" required')}${field('year', c.t('cardYear'), 'inputmode="numeric" autocomplete="cc-exp-year" required')}${field('cvc', c.t('cardCvc'), 'inputmode="numeric" autocomplete="cc-csc" required')}${button('pay', c.t('pay'))}`,
      )}`,
    );
  }

  function render(kind: Kind, c: PageContext, ref: string): string {
    switch (kind) {
      case 'card':
        return cardForm(c, ref);
      case '3ds':
        return page(
          c,
          c.t('challengeTitle'),
          `<p>${escapeHtml(c.t('challengeText'))}</p>${form(self('3ds', ref), button('approve', c.t('approve')) + button('fail', c.t('fail')))}`,
        );
      case 'bizum':
        return page(
          c,
          c.t('bizumTitle'),
          form(
            self('bizum', ref),
            `<label for="phone">${escapeHtml(c.t('bizumPhone'))}</label><input id="phone" name="phone" inputmode="tel" autocomplete="tel"><p>${escapeHtml(c.t('bizumText'))}</p>${button('approve', c.t('bizumApprove'))}${button('fail', c.t('bizumDeny'))}`,
          ),
        );
      case 'mbway':
        return page(c, mbwayTitle(c.language), mbwayBody(c.language, c.payment.data, self('mbway', ref)));
      case 'paypal':
        return page(
          c,
          c.t('paypalTitle'),
          `<p>${escapeHtml(c.t('paypalText', { portal: c.portal }))}</p>${form(self('paypal', ref), button('approve', c.t('paypalApprove')) + button('fail', c.t('paypalCancel')))}`,
        );
      case 'multibanco': {
        const voucher = (c.payment.data.voucher ?? {}) as Record<string, string>;
        const expires = voucher.expires_at ? new Date(voucher.expires_at).toLocaleDateString(c.language) : '';
        return page(
          c,
          c.t('multibancoTitle'),
          `<dl><dt>${escapeHtml(c.t('entity'))}</dt><dd data-testid="entity">${escapeHtml(voucher.entity ?? '')}</dd><dt>${escapeHtml(c.t('reference'))}</dt><dd data-testid="reference">${escapeHtml(formatMultibancoReference(voucher.reference ?? ''))}</dd></dl><p>${escapeHtml(c.t('expires', { date: expires }))}</p><p>${escapeHtml(c.t('atmText'))}</p>${form(self('multibanco', ref), button('pay', c.t('atmPay')))}`,
        );
      }
      case 'bank': {
        const mandate = (c.payment.data.mandate ?? {}) as Record<string, string>;
        return page(
          c,
          c.t('bankTitle'),
          `<p>${escapeHtml(c.t('mandate', { reference: mandate.reference ?? '', account: mandate.account ?? '' }))}</p><p>${escapeHtml(c.t('bankText'))}</p>${form(self('bank', ref), button('collect', c.t('bankCollect')) + button('return', c.t('bankReturn')))}`,
        );
      }
    }
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
