/** Days after which a Nota Simple order may be updated (spec 9: strictly more than 60). */
export const NS_UPDATE_AFTER_DAYS = 60;
const DAY_MS = 86_400_000;

function toMs(date: string | number | Date): number {
  return date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
}

/** The Nota Simple update is offered when the order is more than 60 days old at `now`. */
export function isNsUpdateOffered(orderCreatedAt: string | number | Date, now: number | Date): boolean {
  const created = toMs(orderCreatedAt);
  if (Number.isNaN(created)) return false;
  return toMs(now) - created > NS_UPDATE_AFTER_DAYS * DAY_MS;
}

/** Intl formatters are costly to build: one per time zone, made on first use. */
const orderDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An order date as dd/mm/yy hh:mm (24 h) in `timeZone`, from a UTC ISO string
 * (spec 9); null when the text is not a date.
 */
export function formatOrderDate(isoUtc: string, timeZone: string): string | null {
  const ms = Date.parse(isoUtc);
  if (Number.isNaN(ms)) return null;
  let format = orderDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    orderDateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * A stretch of time as an operator reads it: '3 d 4 h', '5 h 10 min', '12 min'
 * (how long an order has waited).
 */
export function formatElapsed(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}
