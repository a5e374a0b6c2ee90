import { formatEuros, formatOrderDate } from '@shop/domain';

/** The back office works in Spanish and in Madrid's time: the domain's formatters with those two fixed. */
export const ADMIN_TIME_ZONE = 'Europe/Madrid';

/** Cents as the stores show them: '20,76 €' (the domain's formatEuros). */
export const euros = (cents: number): string => formatEuros(cents, 'es');

/** A date and time in Madrid, dd/mm/yy hh:mm (the domain's formatOrderDate). */
export const dateTime = (iso: string): string => formatOrderDate(iso, ADMIN_TIME_ZONE) ?? iso;

export { formatElapsed as waited } from '@shop/domain';
