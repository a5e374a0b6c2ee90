import {
  formSchemaForProduct,
  type GenericForm,
  type ItemOption,
  optionsToFinalize,
  orderStatusDisplay,
  type Pedido,
  type PedidoItem,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { files, orderItems, orders } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { recordAudit } from '../admin/audit.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { prepareGenericItem } from '../cart/generic-items.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { FIXED_BY_PRODUCT, type FollowupDeps, ownOrderItem } from './followups.service.ts';

type OrderRow = typeof orders.$inferSelect;

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
      { operatorId: null, email: `customer:${order.email}` },
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
    const values = Object.fromEntries((item.options ?? []).map((option) => [option.option_id, option.value]));
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
      status_label: status.label,
      status_class: status.className,
    };
  };
  return { ...pedido, items: pedido.items.map(mark) };
}
