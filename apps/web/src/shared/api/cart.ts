import {
  ApiAnswerSchema,
  CartAddAnswerSchema,
  CartAnswerSchema,
  CartItemAnswerSchema,
  type CertificateForm,
  type GenericFormInput,
  type NotaSimpleForm,
  type PropertiesSearchForm,
  type SimplifiedReportForm,
} from '@shop/domain';
import { getConfig } from '../config/config-store.ts';
import { api } from './client.ts';

/**
 * The cart calls of spec point 7. Each answers `{ ok, message?, config }` plus
 * its own data (the domain's answer schemas); the client replaces the runtime
 * configuration with the answer's, so the cart menu and the cart list re-render
 * from config.cart. Failures and answers that do not match throw ApiError
 * (after three retries for server errors, with the generic snackbar).
 */

/** A fixed product's add call, by the cart/add route segment that posts it. */
export interface AddForms {
  ns: NotaSimpleForm;
  qpropiedades: PropertiesSearchForm;
  certidao: CertificateForm;
  ipredial: SimplifiedReportForm;
  product: GenericFormInput;
}
export type AddKind = keyof AddForms;

const ADD_PATHS: Readonly<Record<AddKind, string>> = {
  ns: 'addns',
  qpropiedades: 'addqp',
  certidao: 'addcertidao',
  ipredial: 'addipredial',
  product: 'addgeneric',
};

/** Every body carries the current configuration (spec 7). */
const body = (extra: object) => ({ config: getConfig(), ...extra });

/**
 * Adds one item. `requestId` identifies this add: the server answers a repeated
 * call with the same id with the item it already created (reload, double click).
 * A generic form with an origin goes to addgenericWithAssociation.
 */
export function addToCart<K extends AddKind>(kind: K, form: AddForms[K], requestId: string) {
  const generic = kind === 'product' ? (form as GenericFormInput) : undefined;
  const path = generic?.origin && generic.origin_id ? 'addgenericWithAssociation' : ADD_PATHS[kind];
  return api.post(CartAddAnswerSchema, path, body({ form, request_id: requestId }));
}

/** GET cart: the cart and the configuration. */
export function getCart() {
  return api.get(CartAnswerSchema, 'cart');
}

/** GET delquoteitem?id=: removes an item (and its child items). */
export function removeCartItem(itemId: number) {
  return api.get(ApiAnswerSchema, 'delquoteitem', { id: itemId });
}

/**
 * POST updatequoteitem?id=: replaces an item's form (the fixed form of its
 * product, or the generic form). A 400 carries per-field errors ('form.direccion').
 */
export function updateCartItem(itemId: number, form: object) {
  return api.post(CartItemAnswerSchema, 'updatequoteitem', body({ form }), { id: itemId });
}
