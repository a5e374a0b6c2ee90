import type { Language } from '@shop/domain';
import { LOCALES } from '@shop/domain/i18n';

/** The rate and date formats of the invoice PDFs, in the document's language (split from invoice-pdf.ts). */
const TIME_ZONE: Record<Language, string> = { es: 'Europe/Madrid', pt: 'Europe/Lisbon', en: 'Europe/Madrid' };

/** Intl formatters are costly to build: one per language, made on first use. */
const rateFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

export function formatRate(rateBp: number, language: Language): string {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 });
    rateFormats.set(language, format);
  }
  return format.format(rateBp / 100);
}

export function formatDate(date: Date, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: TIME_ZONE[language],
    });
    dateFormats.set(language, format);
  }
  return format.format(date);
}
