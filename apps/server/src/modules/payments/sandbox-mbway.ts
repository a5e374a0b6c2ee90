import { isValidMbwayPhone, type Language, mbwayPhoneDigits } from '@shop/domain';
import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import type { StartPaymentInput, StartPaymentResult } from './gateway.ts';

/**
 * MB WAY in the sandbox (issue 17 item 7): the payment request goes to the
 * customer's Portuguese mobile number and is confirmed (or declined) in the
 * MB WAY app, which the sandbox's MB WAY page plays. The order waits
 * meanwhile; the storefront shows "confirm in your MB WAY app" and follows it.
 */
export function startSandboxMbway(input: StartPaymentInput, ref: string): StartPaymentResult {
  // Only the number's last digits are kept (the page shows where the request went).
  const digits = mbwayPhoneDigits(input.fields.phone ?? '');
  return {
    outcome: 'pending',
    providerRef: ref,
    next: { type: 'pending' },
    data: digits ? { mbway: { phone: `+351 9•• ••• ${digits.slice(-3)}` } } : {},
  };
}

const m = (language: Language, key: string, vars?: TranslationVars) =>
  translate(language, `mbway.sandbox.${key}` as TranslationKey, vars);

export const mbwayTitle = (language: Language) => m(language, 'title');

const phoneOf = (data: Record<string, unknown>) => (data.mbway as { phone?: string } | undefined)?.phone;

/** The page's body: where the request went (or the number, when the start had none), approve and decline. */
export function mbwayBody(
  language: Language,
  data: Record<string, unknown>,
  action: string,
  error?: string,
): string {
  const phone = phoneOf(data);
  const to = phone
    ? `<p data-testid="mbway-phone">${escapeHtml(m(language, 'sentTo', { phone }))}</p>`
    : `<label for="phone">${escapeHtml(translate(language, 'mbway.phone'))}</label><input id="phone" name="phone" inputmode="tel" autocomplete="tel">`;
  const button = (value: string, label: string) =>
    `<button type="submit" name="action" value="${value}">${escapeHtml(label)}</button>`;
  return `${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}<form method="post" action="${escapeHtml(action)}">${to}<p>${escapeHtml(m(language, 'text'))}</p>${button('approve', m(language, 'approve'))}${button('fail', m(language, 'deny'))}</form>`;
}

/** An approval without a valid number (asked on the page): the domain's message in the store's language. */
export function mbwayError(
  language: Language,
  data: Record<string, unknown>,
  body: { action?: string; phone?: string },
): string | null {
  if (body.action !== 'approve' || phoneOf(data) || isValidMbwayPhone(body.phone ?? '')) return null;
  return translate(language, 'validation.invalidMbwayPhone');
}
