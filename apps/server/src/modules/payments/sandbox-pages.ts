import { formatEuros, formatMultibancoReference, type Language } from '@shop/domain';
import type { TranslationVars } from '@shop/domain/i18n';
import * as z from 'zod/mini';
import { escapeHtml } from '../../http/html.ts';
import { ORDER_SUMMARY_CSS } from './order-lines.ts';
import type { OrderRow, PaymentRow } from './payments.repository.ts';
import { mbwayBody, mbwayTitle } from './sandbox-mbway.ts';

/** The sandbox pages' markup (sandbox.routes.ts serves them). */

/** What the sandbox's form pages post (application/x-www-form-urlencoded). */
export const ActionBodySchema = z.object({
  action: z.optional(z.enum(['approve', 'fail', 'pay', 'collect', 'return'])),
  num: z.optional(z.string().check(z.maxLength(40))),
  month: z.optional(z.string().check(z.maxLength(4))),
  year: z.optional(z.string().check(z.maxLength(6))),
  cvc: z.optional(z.string().check(z.maxLength(6))),
  phone: z.optional(z.string().check(z.maxLength(30))),
});
export type ActionBody = z.infer<typeof ActionBodySchema>;

export type Kind = 'card' | '3ds' | 'bizum' | 'mbway' | 'paypal' | 'multibanco' | 'bank';

export interface PageContext {
  payment: PaymentRow;
  order: OrderRow;
  language: Language;
  portal: string;
  t: (key: string, vars?: TranslationVars) => string;
  /** The order's lines and total with its split (orderSummaryHtml): what the customer is paying for. */
  summary: string;
}

export function page(c: PageContext, title: string, body: string): string {
  const amount = formatEuros(c.payment.amountCents, c.language);
  return `<!doctype html>
<html lang="${c.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(c.t('title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}.note{font-size:.85rem;color:#7a5b00;background:#fff6d6;padding:.5rem;border-radius:4px}
label{display:block;margin:.5rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
button{margin:.75rem .5rem 0 0;padding:.6rem 1rem;font-size:1rem;cursor:pointer}.error{color:#b00020}dt{font-weight:bold}dd{margin:0 0 .5rem}${ORDER_SUMMARY_CSS}</style>
</head><body><main><p class="note">${escapeHtml(c.t('notice'))}</p><div class="box"><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(c.portal)} · ${escapeHtml(c.t('order', { order: c.order.id }))}</p>
<p><strong>${escapeHtml(c.t('amount', { amount }))}</strong></p>${c.summary}${body}</div></main></body></html>`;
}

export const button = (action: string, label: string) =>
  `<button type="submit" name="action" value="${action}">${escapeHtml(label)}</button>`;
export const form = (action: string, inner: string) =>
  `<form method="post" action="${escapeHtml(action)}">${inner}</form>`;

/** The storefront pages a gateway sends the customer back to. */
export function returnUrl(appPrefix: string, payment: PaymentRow, order: OrderRow, ok: boolean): string {
  const base = typeof payment.data.return_base === 'string' ? payment.data.return_base : '';
  return `${base}${appPrefix}/${ok ? 'checkout/success' : 'payment/retry'}/${order.id}`;
}

/** A sandbox page's own path. */
export const self = (kind: Kind, ref: string) => `/payments/sandbox/${kind}/${ref}`;

export function cardForm(c: PageContext, ref: string, error?: string): string {
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

/** The page of a sandbox step. */
export function render(kind: Kind, c: PageContext, ref: string): string {
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
