/** The checks of what an upload is for: its owner (a quote or an order of the visitor) and its option and item fields. */

import { allOptionsOf, INCIDENT_OPTION, MAX_ID } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { invalidField as bad, notFound } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { isOfferedBy } from '../catalog/catalog-snapshot.ts';
import { hasOpenIncident } from '../incidents/incidents.repository.ts';
import type { Session } from '../session/session.service.ts';
import { isOrderOwnedBy, isQuoteOwnedBy, itemProduct, type Requester } from './files.repository.ts';

export type Owner = { quoteId: number } | { orderId: string };

const ID = /^[1-9]\d{0,9}$/;

/** Who asks, as the ownership queries take it: the visitor's session and its customer. */
export const requester = ({ session }: Visitor): Requester => ({
  sessionId: session.id,
  customerId: session.customerId,
});

/**
 * The owner of the upload: without an id, the session's open quote (created if
 * needed, so a wizard can upload before its first item); a quote id of the
 * session's open quote while the item is in the cart; an order id of the
 * session or its customer afterwards. Anything else is "not found".
 */
export async function ownerOf(
  app: FastifyInstance,
  visitor: Visitor,
  target: string | undefined,
): Promise<[Owner, Session]> {
  const { session } = visitor;
  if (target === undefined || target === '') {
    const open = await app.cart.openQuote(visitor);
    return [{ quoteId: open.quoteId }, open.session];
  }
  if (!ID.test(target)) throw bad('order_id', 'invalid_id');
  const asNumber = Number(target);
  if (
    asNumber <= MAX_ID &&
    asNumber === session.quoteId &&
    (await isQuoteOwnedBy(app.db, asNumber, requester(visitor)))
  ) {
    return [{ quoteId: asNumber }, session];
  }
  if (await isOrderOwnedBy(app.db, target, requester(visitor))) return [{ orderId: target }, session];
  throw notFound();
}

/** The file options a field may name: the item's product's, else those of any product the store sells. */
async function fileOptionIds(
  app: FastifyInstance,
  { store }: Visitor,
  productId: number | null,
): Promise<Set<number>> {
  const catalog = await app.catalog.snapshot();
  const ids = new Set<number>();
  for (const product of catalog.products.values()) {
    if (!product.definition) continue;
    if (productId === null ? !isOfferedBy(product.row, store.id) : product.row.id !== productId) continue;
    for (const option of allOptionsOf(product.definition))
      if (option.type === 'file') ids.add(option.option_id);
  }
  return ids;
}

export async function checkFields(
  app: FastifyInstance,
  visitor: Visitor,
  owner: Owner,
  fields: Map<string, string>,
) {
  const optionId = fields.get('option_id');
  if (optionId === undefined || optionId === '') throw bad('option_id', 'required');
  if (!ID.test(optionId) || Number(optionId) > MAX_ID) throw bad('option_id', 'invalid_id');
  const itemId = fields.get('item_id');
  // The incident form's files: for an order whose incident waits for the customer's form.
  if (
    Number(optionId) === INCIDENT_OPTION.files &&
    'orderId' in owner &&
    (itemId === undefined || itemId === '') &&
    (await hasOpenIncident(app.db, owner.orderId))
  ) {
    return { optionId: INCIDENT_OPTION.files, itemId: null };
  }
  let productId: number | null = null;
  if (itemId !== undefined && itemId !== '') {
    if (!ID.test(itemId) || Number(itemId) > MAX_ID) throw bad('item_id', 'invalid_id');
    productId = await itemProduct(app.db, owner, Number(itemId));
    if (productId === null) throw bad('item_id', 'invalid_id');
  }
  if (!(await fileOptionIds(app, visitor, productId)).has(Number(optionId)))
    throw bad('option_id', 'invalid_option');
  return { optionId: Number(optionId), itemId: itemId ? Number(itemId) : null };
}
