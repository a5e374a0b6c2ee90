import { promiseRequestOf, registryPromise } from '@shop/domain';
import type { PromiseBasis } from '../../db/schema/index.ts';
import type { CalendarSnapshot } from './calendar-snapshot.ts';

/** How old a promise the step showed may be and still be kept at the cart (the customer read it then). */
export const PROMISE_SHOWN_WITHIN_MS = 30 * 60_000;

/** A fixed item's promise and what it was computed from; null when the product has none or the hours are unknown. */
export interface ItemPromise {
  promisedAt: string;
  basis: PromiseBasis;
}

/**
 * The promise a fixed item is added (or edited) with: the one the step showed
 * (`form.promesa_entrega`) when it is still what the calendar gives for a start
 * within the last 30 minutes (so the cart says exactly what the step said),
 * else the calendar's promise from `now`. Null when the registry's hours are
 * unknown (the store's nsCopy stands).
 */
export function itemPromise(
  snapshot: CalendarSnapshot,
  productId: number,
  form: Record<string, unknown>,
  now: Date,
): ItemPromise | null {
  const request = promiseRequestOf(productId, form);
  if (!request) return null;
  const entry = snapshot.registryFor(request.place);
  if (!entry) return null;
  const own = registryPromise(now, entry.hours, request.urgent, entry.calendar);
  if (own === null) return null;
  const hours = (request.urgent ? entry.hours.urgent : null) ?? entry.hours.standard ?? 0;
  const basis: PromiseBasis = { registry_id: entry.id, hours, urgent: request.urgent };
  const shown = typeof form.promesa_entrega === 'string' ? Date.parse(form.promesa_entrega) : Number.NaN;
  if (!Number.isNaN(shown)) {
    const earliest = registryPromise(
      new Date(now.getTime() - PROMISE_SHOWN_WITHIN_MS),
      entry.hours,
      request.urgent,
      entry.calendar,
    );
    if (earliest !== null && shown >= Date.parse(earliest) && shown <= Date.parse(own)) {
      return { promisedAt: new Date(shown).toISOString(), basis };
    }
  }
  return { promisedAt: own, basis };
}

/** The form as stored: its promise set to the accepted one (null when none). */
export function withPromise<F extends Record<string, unknown>>(form: F, promise: ItemPromise | null): F {
  return { ...form, promesa_entrega: promise?.promisedAt ?? null };
}

/** The form as the cart keeps it: a product with a promise carries the step's promise while still true, else its own. */
export async function formWithPromise<F extends Record<string, unknown>>(
  snapshot: () => Promise<CalendarSnapshot>,
  productId: number,
  form: F,
  now = new Date(),
): Promise<F> {
  if (!promiseRequestOf(productId, form)) return form;
  return withPromise(form, itemPromise(await snapshot(), productId, form, now));
}

/** An order's promise: its latest item's (the order is delivered when all its items are). */
export function orderPromise(
  items: readonly { parentId: number | null; promise: ItemPromise | null }[],
): ItemPromise | null {
  let latest: ItemPromise | null = null;
  for (const item of items) {
    if (item.parentId !== null || !item.promise) continue;
    if (!latest || Date.parse(item.promise.promisedAt) > Date.parse(latest.promisedAt)) latest = item.promise;
  }
  return latest;
}

/** Grace for the paid promise: a payment within this of the order keeps the promise the customer saw. */
export const PAID_GRACE_MS = 30 * 60_000;

/**
 * The promise written with the payment (ADR 034): the one the customer saw at
 * checkout, unless the payment came so late that the registry's calendar no
 * longer allows it; then the calendar's promise from the payment (30 minutes'
 * grace). Without the calendars in memory, or a basis, the checkout's stands.
 */
export function paidPromise(
  snapshot: CalendarSnapshot | null,
  order: { promisedAt: Date | null; promiseBasis: PromiseBasis | null },
  paidAt: Date,
): Date | null {
  if (!order.promisedAt || !order.promiseBasis || !snapshot) return order.promisedAt;
  const entry = snapshot.registry(order.promiseBasis.registry_id);
  if (!entry) return order.promisedAt;
  const hours = { standard: order.promiseBasis.hours, urgent: null };
  const fromPayment = registryPromise(
    new Date(paidAt.getTime() - PAID_GRACE_MS),
    hours,
    false,
    entry.calendar,
  );
  if (fromPayment === null) return order.promisedAt;
  const later = Date.parse(fromPayment);
  return later > order.promisedAt.getTime() ? new Date(later) : order.promisedAt;
}
