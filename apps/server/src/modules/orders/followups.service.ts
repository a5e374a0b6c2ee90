import {
  formSchemaForProduct,
  type GenericForm,
  type ItemOption,
  isNsUpdateOffered,
  type NotaSimpleData,
  type NotaSimpleForm,
  optionsToFinalize,
  orderStatusDisplay,
  type Pedido,
  type PedidoItem,
  PRODUCT_IDS,
  type SkippedItem,
} from '@shop/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { files, orderItems, orders, quoteItems, quotes } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { statusLabel } from '../../http/translate.ts';
import { recordAudit } from '../admin/audit.ts';
import { setSessionQuote } from '../cart/cart.repository.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { FIXED_KINDS, type FixedForm, type FixedKind } from '../cart/fixed-items.ts';
import { prepareGenericItem } from '../cart/generic-items.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
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

const FIXED_BY_PRODUCT = new Map<number, FixedKind>(
  Object.entries(FIXED_KINDS).map(([kind, productId]) => [productId, kind as FixedKind]),
);

function customerOf(visitor: Visitor): number {
  if (visitor.session.customerId === null) throw new AppError('unauthorized', 'unauthorized');
  return visitor.session.customerId;
}

/** Paid once (being worked on, ready, or refunded since). */
export const isPaidOrder = (order: Pick<OrderRow, 'status'>) =>
  order.status.startsWith('complete') || order.status === 'closed';

/** The visitor's own order on this store; anyone else's (or none) is not found, never forbidden. */
export async function ownOrder(deps: FollowupDeps, visitor: Visitor, orderId: string): Promise<OrderRow> {
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

/** Statuses in which the customer may still change an item's answers: unpaid, or paid and not yet worked on. */
const CHANGEABLE_STATUSES = new Set([
  'pending_payment',
  'processing',
  'complete_pending',
  'complete_incident',
]);

/** The generic form of an order item with `options` set (a value replaced, or added with its option's type). */
function formWith(
  form: GenericForm,
  options: { option_id: number; value: string }[],
  wizardTypes: Map<number, string>,
) {
  const values = form.values.map((entry) => ({ ...entry }));
  const confirm = form.confirm_values.map((entry) => ({ ...entry }));
  for (const { option_id, value } of options) {
    const type = wizardTypes.get(option_id);
    const list = type === undefined ? confirm : values;
    const existing = list.find((entry) => entry.option_id === option_id);
    if (existing) existing.value = value;
    else if (type === undefined) confirm.push({ option_id, value });
    else values.push({ option_id, product_id: form.product_id, type: type as never, value });
  }
  return { ...form, values, confirm_values: confirm };
}

/**
 * updatepedido?id={item}: the customer corrects or completes an order item's
 * answers (checkout/finalize after an early checkout, a correction before the
 * work starts). Generic products only; checked as the wizard checks them; the
 * price paid cannot change; file answers are not changed here (uploads go
 * through pushFilesToPedido).
 */
export async function updateOrderItem(
  deps: FollowupDeps,
  visitor: Visitor,
  itemId: number,
  options: { option_id: number; value: string }[],
): Promise<OrderRow> {
  const { item, order } = await ownOrderItem(deps, visitor, itemId);
  if (!CHANGEABLE_STATUSES.has(order.status)) throw new AppError('conflict', 'orderNotChangeable');
  const product = (await deps.catalog.snapshot()).products.get(item.productId);
  if (FIXED_BY_PRODUCT.has(item.productId) || !product?.definition || product.row.kind !== 'generic') {
    throw new AppError('not_allowed', 'productNotEditable');
  }
  const definition = product.definition;
  const parsed = z.safeParse(formSchemaForProduct(item.productId), item.form);
  if (!parsed.success) throw new AppError('conflict', 'updateNotPossible');
  const known = new Map(
    [
      ...definition.options,
      ...definition.questions_on_confirm,
      ...(definition.conditions_to_earlycheckout?.confirmationOptions ?? []),
    ].map((option) => [option.option_id, option.type]),
  );
  options.forEach((entry, index) => {
    const type = known.get(entry.option_id);
    if (type === undefined || type === 'file') invalidFieldThrow(`options.${index}.option_id`);
  });
  const wizardTypes = new Map(definition.options.map((option) => [option.option_id, option.type as string]));
  const form = formWith(parsed.data as GenericForm, options, wizardTypes);
  const uploads = await orderUploads(deps, order.id);
  const prepared = prepareGenericItem(definition, form, uploads);
  if (!prepared.ok) {
    throw new AppError(
      'invalid_data',
      'validation',
      prepared.errors.map((error) => ({ ...error, path: optionPath(error.path, form, options) })),
    );
  }
  if (prepared.item.priceCents !== item.priceCents) throw new AppError('conflict', 'priceWouldChange');
  await deps.db.transaction(async (tx) => {
    // An operator may have started the work meanwhile: the order row decides, locked.
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!current || !CHANGEABLE_STATUSES.has(current.status)) {
      throw new AppError('conflict', 'orderNotChangeable');
    }
    await tx
      .update(orderItems)
      .set({ options: prepared.item.options as ItemOption[], form: form as Record<string, unknown> })
      .where(eq(orderItems.id, item.id));
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
    // The operator's history of the order shows the customer's change.
    await recordAudit(
      tx,
      { operatorId: null, email: order.email, customerId: order.customerId },
      {
        action: 'order.item_answers',
        entity: 'order',
        entityId: order.id,
        before: { item_id: item.id, options: item.options },
        after: { item_id: item.id, options: prepared.item.options },
      },
    );
  });
  return order;
}

function invalidFieldThrow(path: string): never {
  throw invalidField(path, 'invalid_option');
}

/** An error of the merged form named by what the customer sent (`options.<i>.value`) when it is theirs. */
function optionPath(path: string, form: GenericForm, sent: { option_id: number }[]): string {
  const match = /^(values|confirm_values)\.(\d+)\.value$/.exec(path);
  const list = match?.[1] === 'values' ? form.values : match ? form.confirm_values : null;
  const optionId = list?.[Number(match?.[2])]?.option_id;
  const index = sent.findIndex((entry) => entry.option_id === optionId);
  return index >= 0 ? `options.${index}.value` : path;
}

/** The files of an order the customer uploaded (what a file answer of its items may name). */
async function orderUploads(deps: FollowupDeps, orderId: string): Promise<Map<number, string>> {
  const rows = await deps.db
    .select({ id: files.id, name: files.originalName })
    .from(files)
    .where(and(eq(files.orderId, orderId), eq(files.kind, 'upload')));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Marks the items of paid orders that an early checkout left incomplete
 * (spec 3 `pendingTramitation`, label 'Pendiente de tramitar'): the storefront
 * links them to checkout/finalize/{item_id}. Read against today's definition.
 */
export function markItemsToFinalize(pedidos: Pedido[], snapshot: CatalogSnapshot): Pedido[] {
  return pedidos.map((pedido) => markOrderToFinalize(pedido, snapshot));
}

/** markItemsToFinalize of one order. */
export function markOrderToFinalize(pedido: Pedido, snapshot: CatalogSnapshot): Pedido {
  const mark = (item: PedidoItem): PedidoItem => {
    const definition = snapshot.products.get(item.product_id)?.definition;
    const values = Object.fromEntries(item.options.map((option) => [option.option_id, option.value]));
    const pending =
      pedido.status.startsWith('complete') &&
      definition !== undefined &&
      definition !== null &&
      optionsToFinalize(definition, values).length > 0;
    const childs = item.childs.map(mark);
    if (!pending) return { ...item, childs };
    const status = orderStatusDisplay({
      order_id: pedido.order_id,
      status: pedido.status,
      panel_status_id: item.panel_status_id,
      pendingTramitation: true,
    });
    return {
      ...item,
      childs,
      pendingTramitation: true,
      status_key: status.key,
      status_label: statusLabel(status),
      status_class: status.className,
    };
  };
  return { ...pedido, items: pedido.items.map(mark) };
}
