import type { TFunction } from '../i18n/translate.ts';
import type { Language } from '../schemas/config.ts';
import { PRODUCT_IDS } from './products.ts';
import { wallClock } from './registry-calendar.ts';

/** The store language's time zone for a registry of that country: Lisbon for Portugal, Madrid otherwise. */
export function promiseTimeZone(country: 'ES' | 'PT'): 'Europe/Madrid' | 'Europe/Lisbon' {
  return country === 'PT' ? 'Europe/Lisbon' : 'Europe/Madrid';
}

const LOCALE: Record<Language, string> = { es: 'es-ES', pt: 'pt-PT', en: 'en-GB' };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions, key: string) {
  const id = `${language}|${timeZone}|${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE[language], { timeZone, ...options });
    formats.set(id, f);
  }
  return f;
}

const DAY_MS = 86_400_000;

/**
 * The promise as the customer reads it, in the store's language and the
 * registry's time zone: 'Recíbela hoy antes de las 13:40', 'Recíbela el
 * martes 1 antes de las 12:00' (the month too when it is over six days away);
 * pt 'Receba-a na terça-feira, dia 1, até às 12:00'; en 'Get it on Tuesday 1 by 12:00'.
 */
export function formatPromise(
  t: TFunction,
  deadlineIso: string,
  nowIso: string,
  language: Language,
  timeZone: 'Europe/Madrid' | 'Europe/Lisbon',
): string {
  const deadline = new Date(deadlineIso);
  const now = new Date(nowIso);
  const time = format(
    language,
    timeZone,
    { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    't',
  ).format(deadline);
  const days = Math.round(
    (Date.parse(`${wallClock(deadline, timeZone).date}T00:00:00Z`) -
      Date.parse(`${wallClock(now, timeZone).date}T00:00:00Z`)) /
      DAY_MS,
  );
  if (days <= 0) return t('promise.today', { time });
  if (days === 1) return t('promise.tomorrow', { time });
  const withMonth = days > 6;
  const written = format(
    language,
    timeZone,
    withMonth ? { weekday: 'long', day: 'numeric', month: 'long' } : { weekday: 'long', day: 'numeric' },
    withMonth ? 'dm' : 'd',
  ).format(deadline);
  if (language !== 'pt') return t('promise.day', { day: written.replace(',', ''), time });
  // pt-PT writes 'terça-feira, 1': a bare day number reads as 'dia 1'; 'no sábado', 'na terça-feira'.
  const day = `${/^(s[áa]bado|domingo)/.test(written) ? 'no' : 'na'} ${withMonth ? written : written.replace(', ', ', dia ')}`;
  return t('promise.day', { day, time });
}

/** Which registry service a fixed product's form asks for: the place and whether urgent; null for products without one. */
export function promiseRequestOf(
  productId: number,
  form: Record<string, unknown>,
): { place: string; urgent: boolean } | null {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  switch (productId) {
    case PRODUCT_IDS.notaSimple:
      return {
        place: text('municipio'),
        urgent: form.servicio_urgente === true || form.servicio_urgente_custom === true,
      };
    case PRODUCT_IDS.informacaoPredial:
      return { place: text('distrito_concelho_freguesia'), urgent: form.urgente === true };
    default:
      return null;
  }
}

/** How an order stands against its promise: past it, due within the hour, or with more time left. */
export const PROMISE_DUE = ['overdue', 'within_hour', 'later'] as const;
export type PromiseDue = (typeof PROMISE_DUE)[number];

/** Where `promisedAt` stands at `now` (the back office's queue); null without a promise or once delivered. */
export function promiseDue(promisedAt: string | null, now: Date): PromiseDue | null {
  if (!promisedAt) return null;
  const left = Date.parse(promisedAt) - now.getTime();
  if (Number.isNaN(left)) return null;
  if (left < 0) return 'overdue';
  return left <= 3_600_000 ? 'within_hour' : 'later';
}
