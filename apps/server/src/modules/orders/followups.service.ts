import {
  formSchemaForProduct,
  type GenericForm,
  isNsUpdateOffered,
  isPaidOrderStatus,
  type NotaSimpleData,
  type NotaSimpleForm,
  PRODUCT_IDS,
  type SkippedItem,
} from '@shop/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { setSessionQuote } from '../cart/cart.repository.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { FIXED_KINDS, type FixedForm, type FixedKind } from '../cart/fixed-items.ts';
import type { Session } from '../session/session.service.ts';

/** What the follow-ups use of the app: its database, cart, catalogue and sessions (no HTTP). */
export type FollowupDeps = Pick<FastifyInstance, 'db' | 'cart' | 'catalog' | 'sessions'>;

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** An item to put in the cart again: its product and the wizard's form as bought. */
interface SourceItem {
  id: number;
  productId: number;
  productName: string;
  form: Record<string, unknown>;
}

export interface ReorderResult {
  added: number[];
  skipped: SkippedItem[];
  session: Session;
}

/** The fixed wizards' products and their kinds (the rest are generic). */
export const FIXED_BY_PRODUCT = new Map<number, FixedKind>(
  Object.entries(FIXED_KINDS).map(([kind, productId]) => [productId, kind as FixedKind]),
);

function customerOf(visitor: Visitor): number {
  if (visitor.session.customerId === null) throw new AppError('unauthorized', 'unauthorized');
  return visitor.session.customerId;
}

/** Paid once (being worked on, ready, or refunded since). */
const isPaidOrder = (order: Pick<OrderRow, 'status'>) => isPaidOrderStatus(order.status);

/** The visitor's own order on this store; anyone else's (or none) is not found, never forbidden. */
async function ownOrder(deps: FollowupDeps, visitor: Visitor, orderId: string): Promise<OrderRow> {
  const customerId = customerOf(visitor);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.customerId !== customerId || order.storeId !== visitor.store.id) throw notFound();
  return order;
}

/** An item of one of the visitor's own orders, with its order. */
export async function ownOrderItem(deps: FollowupDeps, visitor: Visitor, itemId: number) {
  const customerId = customerOf(visitor);
  const [row] = await deps.db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  if (!row || row.order.customerId !== customerId || row.order.storeId !== visitor.store.id) {
    throw notFound('itemNotFound');
  }
  return row;
}

/**
 * A generic form without its file answers: uploads belong to the order they
 * were sent for and are not copied; a required file is asked for again.
 */
function withoutFiles(form: GenericForm): GenericForm {
  return { ...form, values: form.values.filter((value) => value.type !== 'file') };
}

/**
 * Adds one source item to the visitor's cart through the cart service (the
 * same checks and today's prices as a wizard's add). Answers the new item id
 * and session, or why it could not be added.
 */
async function addAgain(
  deps: FollowupDeps,
  visitor: Visitor,
  source: SourceItem,
  origin: string,
): Promise<{ ok: true; itemId: number; session: Session } | { ok: false; skipped: SkippedItem }> {
  const skip = (reason: SkippedItem['reason']) => ({
    ok: false as const,
    skipped: { id: source.id, product_name: source.productName, reason },
  });
  const parsed = z.safeParse(formSchemaForProduct(source.productId), source.form);
  if (!parsed.success) return skip('invalid');
  const kind = FIXED_BY_PRODUCT.get(source.productId);
  const opts = { origin, originId: String(source.id) };
  try {
    const result = kind
      ? await deps.cart.addFixed(visitor, kind, parsed.data as FixedForm, opts)
      : await deps.cart.addGeneric(visitor, withoutFiles(parsed.data as GenericForm), opts);
    if (!result.ok) return skip('not_offered');
    return { ok: true, itemId: result.itemId, session: result.session };
  } catch (err) {
    // The product changed since (an answer no longer valid, a new required option): the customer re-does it.
    if (err instanceof AppError && err.kind === 'invalid_data') return skip('invalid');
    throw err;
  }
}

/** Adds each source item to the cart in turn (each add a session write of its own). */
async function addAllAgain(
  deps: FollowupDeps,
  visitor: Visitor,
  sources: SourceItem[],
  origin: string,
): Promise<ReorderResult> {
  const added: number[] = [];
  const skipped: SkippedItem[] = [];
  let current = visitor;
  for (const source of sources) {
    const result = await addAgain(deps, current, source, origin);
    if (result.ok) {
      added.push(result.itemId);
      current = { ...current, session: result.session };
    } else skipped.push(result.skipped);
  }
  return { added, skipped, session: current.session };
}

/**
 * loadorder?id=: the order's top-level items go into the session's cart again,
 * checked and priced as today's products (located properties, results of a
 * search, are not copied; nor are uploaded files).
 */
export async function reorder(deps: FollowupDeps, visitor: Visitor, orderId: string): Promise<ReorderResult> {
  const order = await ownOrder(deps, visitor, orderId);
  const rows = await deps.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNull(orderItems.parentId)))
    .orderBy(asc(orderItems.id));
  return addAllAgain(deps, visitor, rows, 'loadorder');
}

/**
 * loadquote?id=: the customer's saved quote. An open one (e.g. the located
 * properties' quote whose link was e-mailed) becomes the session's cart; an
 * ordered or abandoned one is ordered again like loadorder.
 */
export async function loadQuote(
  deps: FollowupDeps,
  visitor: Visitor,
  quoteId: number,
): Promise<ReorderResult> {
  const customerId = customerOf(visitor);
  const [quote] = await deps.db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote || quote.customerId !== customerId || quote.storeId !== visitor.store.id) throw notFound();
  const rows = await deps.db
    .select()
    .from(quoteItems)
    .where(and(eq(quoteItems.quoteId, quote.id), isNull(quoteItems.parentId)))
    .orderBy(asc(quoteItems.id));
  if (quote.status !== 'open') {
    const products = (await deps.catalog.snapshot()).products;
    const sources = rows.map((row) => ({
      ...row,
      productName: products.get(row.productId)?.row.name ?? String(row.productId),
    }));
    return addAllAgain(deps, visitor, sources, 'loadquote');
  }
  const { session } = await deps.sessions.write(visitor.session, visitor.store.id, (tx, sessionId) =>
    setSessionQuote(tx, sessionId, quote.id),
  );
  return { added: rows.map((row) => row.id), skipped: [], session };
}

/** The item of `order_id` to update now: one of the order's own top-level items, the order paid. */
async function itemToUpdate(deps: FollowupDeps, visitor: Visitor, orderId: string, itemId: number) {
  const { item, order } = await ownOrderItem(deps, visitor, itemId);
  if (item.orderId !== orderId) throw notFound('itemNotFound');
  if (item.parentId !== null) throw invalidField('form.item_id', 'invalid_option');
  if (!isPaidOrder(order)) throw new AppError('conflict', 'orderNotPaid');
  return { item, order };
}

/** The new cart item of an update, or the reason the customer reads. */
function addedOrRefused(result: Awaited<ReturnType<typeof addAgain>>) {
  if (result.ok) return { itemId: result.itemId, session: result.session };
  if (result.skipped.reason === 'not_offered') throw new AppError('not_allowed', 'productNotOffered');
  throw new AppError('conflict', 'updateNotPossible');
}

/** addactualizarpedidoahora: a new request of the order item, with its answers, in the cart. */
export async function addUpdateNow(deps: FollowupDeps, visitor: Visitor, orderId: string, itemId: number) {
  const { item, order } = await itemToUpdate(deps, visitor, orderId, itemId);
  // A Nota Simple is requested again through its update, offered after 60 days (spec 5).
  if (item.productId === PRODUCT_IDS.notaSimple) nsItemToUpdate(item, order, new Date(), 'form.item_id');
  return addedOrRefused(await addAgain(deps, visitor, item, 'actualizar'));
}

function nsItemToUpdate(item: OrderItemRow, order: OrderRow, now: Date, path: string) {
  if (item.productId !== PRODUCT_IDS.notaSimple) throw invalidField(path, 'invalid_option');
  if (!isNsUpdateOffered(order.createdAt, now)) throw new AppError('conflict', 'nsUpdateTooEarly');
}

/** addactualizarnsahora: an updated Nota Simple of the same property (orders over 60 days old) in the cart. */
export async function addNsUpdateNow(
  deps: FollowupDeps,
  visitor: Visitor,
  orderId: string,
  itemId: number,
  now = new Date(),
) {
  const { item, order } = await itemToUpdate(deps, visitor, orderId, itemId);
  nsItemToUpdate(item, order, now, 'form.item_id');
  return addedOrRefused(await addAgain(deps, visitor, item, 'actualizarns'));
}

/**
 * updatepedidoNS?id={item}: the Nota Simple update with corrected data (the
 * edit dialog's fields over the form as bought); the old order is never changed.
 */
export async function addNsUpdateWithData(
  deps: FollowupDeps,
  visitor: Visitor,
  itemId: number,
  data: NotaSimpleData,
  now = new Date(),
) {
  const { item, order } = await ownOrderItem(deps, visitor, itemId);
  if (!isPaidOrder(order)) throw new AppError('conflict', 'orderNotPaid');
  nsItemToUpdate(item, order, now, 'id');
  const form: Partial<NotaSimpleForm> = {
    ...(item.form as Partial<NotaSimpleForm>),
    ...data,
    conoce_nombre_propietario: (data.nombre ?? '').trim() !== '',
  };
  return addedOrRefused(await addAgain(deps, visitor, { ...item, form }, 'actualizarns'));
}
