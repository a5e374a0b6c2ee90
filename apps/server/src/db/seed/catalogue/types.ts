import type { OptionInput, ProductDefinitionInput } from '@shop/domain';

/**
 * One product of the seeded catalogue. The definition is the spec 3 product
 * definition (validated with ProductDefinitionSchema); name, price and official
 * fee of the `products` row are taken from it.
 */
export interface CatalogueProduct {
  kind: 'fixed' | 'generic' | 'located';
  /** Stores that sell the product. */
  stores: number[];
  /** Listed on the services screen at all (located products are not: they are added as child items). */
  visible: boolean;
  /** Stores whose services screen lists it (spec 2 "Services screen"). */
  visibleOnServices: number[];
  /** Whether the customer may edit the item in the cart (spec 2: 18357 is not editable). */
  editable: boolean;
  definition: ProductDefinitionInput & { price: number };
}

type ConditionInput = NonNullable<OptionInput['previous_steps']>[number];
type ValueInput = NonNullable<OptionInput['opt_values']>[number];

/** An option value; `price` in cents, added to the product price when chosen. */
export const v = (id: number, name: string, price = 0): ValueInput => ({ id, name, price });

/** Previous-step condition: option `optionId` holds `value` (or any of a list). */
export const eq = (optionId: number, value: string | string[]): ConditionInput => ({
  option_id: optionId,
  value,
  op: 'eq',
});

/** Previous-step condition on a date option (value d/m/Y): strictly after. */
export const after = (optionId: number, date: string): ConditionInput => ({
  option_id: optionId,
  value: date,
  op: 'gtdate',
});

/** Previous-step condition on a date option (value d/m/Y): strictly before. */
export const before = (optionId: number, date: string): ConditionInput => ({
  option_id: optionId,
  value: date,
  op: 'ltdate',
});

/** Store groups (spec 1 store ids; DECISIONS.md). */
export const MAIN_SHOP = 1;
/**
 * Registry sites (9, 12), the default registry portal (14) and the main shop (1): the stores of the
 * property-registry generic products. The fixed products' stores follow the domain's fixedServicesOf (fixed.ts).
 */
export const REGISTRY_SITES = [1, 9, 12, 14];
export const COMMERCIAL_INFO = 15;
export const PORTUGUESE_STORES = [16, 26, 28];
export const ENGLISH_STORES = [17, 18, 19];
export const NETHERLANDS = 20;
/** Spanish generic store: auto products only (DECISIONS.md). */
export const GENERIC_STORE = 21;
export const BIRTH_CERTIFICATE_STORE = 22;
export const BIRTH_RECORD_STORE = 23;

/** Spanish stores that sell property services (registry sites, the generic store and the Dutch one). */
export const PROPERTY_STORES = [...REGISTRY_SITES, NETHERLANDS, GENERIC_STORE];
