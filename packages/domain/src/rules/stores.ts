import type { Language } from '../schemas/config.ts';
import type { AutoProduct } from '../schemas/product.ts';
import { PRODUCT_IDS } from './products.ts';

/** The store ids of spec 1. */
export const STORE_IDS = [1, 9, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 26, 28] as const;
export type StoreId = (typeof STORE_IDS)[number];

/** Used when the host page gives no store id (spec 1, spec 9). */
export const DEFAULT_STORE_ID = 14;

const PORTUGUESE_STORES: readonly number[] = [16, 26, 28];
const ENGLISH_STORES: readonly number[] = [17, 18, 19];
const REGISTRY_SITES: readonly number[] = [9, 12, 14];

/** True when `id` is one of the spec's store ids. */
export function isKnownStoreId(id: number): id is StoreId {
  return (STORE_IDS as readonly number[]).includes(id);
}

/** True for the Portuguese stores 16, 26 and 28. */
export function isPortugueseStore(storeId: number): boolean {
  return PORTUGUESE_STORES.includes(storeId);
}

/** True for the registry sites 9, 12 and 14 (they offer Nota Simple and the properties search). */
export function isRegistrySite(storeId: number): boolean {
  return REGISTRY_SITES.includes(storeId);
}

/** The language of a store: 16, 26, 28 Portuguese; 17 to 19 English; every other id Spanish. */
export function storeLanguage(storeId: number): Language {
  if (isPortugueseStore(storeId)) return 'pt';
  if (ENGLISH_STORES.includes(storeId)) return 'en';
  return 'es';
}

/** The four wizards with their own routes (spec 2 "Step routes by product"). */
export const FIXED_FLOWS = [
  'nota-simple',
  'q-propiedades',
  'certidao-permanente',
  'i-predial-simplificada',
] as const;
export type FixedFlow = (typeof FIXED_FLOWS)[number];

/** The product each fixed wizard puts in the cart. */
export const FIXED_FLOW_PRODUCT: Readonly<Record<FixedFlow, number>> = {
  'nota-simple': PRODUCT_IDS.notaSimple,
  'q-propiedades': PRODUCT_IDS.propertiesSearch,
  'certidao-permanente': PRODUCT_IDS.certidaoPermanente,
  'i-predial-simplificada': PRODUCT_IDS.informacaoPredial,
};

/** One button of the services screen: a fixed wizard or an auto (generic) product. */
export type ServiceEntry =
  | { kind: 'fixed'; product_id: number; flow: FixedFlow }
  | { kind: 'auto'; product_id: number; product: AutoProduct };

/** Whether an auto product is listed on a store's services screen (spec 2 "Services screen"). */
export function isAutoProductOffered(product: AutoProduct, storeId: number, embedded: boolean): boolean {
  if (!product.visible || !product.stores.includes(storeId)) return false;
  return embedded || product.visible_on_services.includes(storeId);
}

/**
 * The fixed wizards a store's services screen lists (spec 2 "Services screen"):
 * the Portuguese stores the certificate and the simplified report, the registry
 * sites 9, 12 and 14 Nota Simple and the properties search, every other store
 * none (only its auto products). The services screen's rule; which wizards a
 * store may enter is canEnterFlow.
 */
export function fixedServicesOf(storeId: number): FixedFlow[] {
  if (isPortugueseStore(storeId)) return ['certidao-permanente', 'i-predial-simplificada'];
  if (isRegistrySite(storeId)) return ['nota-simple', 'q-propiedades'];
  return [];
}

const PORTUGUESE_FLOWS: readonly FixedFlow[] = ['certidao-permanente', 'i-predial-simplificada'];

/**
 * Whether a store may enter a fixed wizard (spec 4 "Wizards"): Nota Simple and
 * the properties search are refused on the Portuguese stores only (so stores 1,
 * 15 and 17-23 let them in, from a landing page or the header, though their
 * services screen does not list them); the Portuguese flows are refused on every
 * other store. The rule behind the wizards' store guard, the header's 'Solicitar
 * Nota Simple', the landing pages and the catalogue's `stores` of the fixed products.
 */
export function canEnterFlow(storeId: number, flow: FixedFlow): boolean {
  return PORTUGUESE_FLOWS.includes(flow) === isPortugueseStore(storeId);
}

/** The spec's stores that sell a fixed wizard's product (the catalogue's `stores` of it). */
export function storesSellingFlow(flow: FixedFlow): StoreId[] {
  return STORE_IDS.filter((storeId) => canEnterFlow(storeId, flow));
}

/** The spec's stores whose services screen lists a fixed wizard (the catalogue's `visible_on_services`). */
export function storesListingFlow(flow: FixedFlow): StoreId[] {
  return STORE_IDS.filter((storeId) => fixedServicesOf(storeId).includes(flow));
}

/** Whether a store serves the Spanish municipality landing pages: their button opens the Nota Simple wizard. */
export function servesLandingPages(storeId: number): boolean {
  return canEnterFlow(storeId, 'nota-simple');
}

/**
 * The services screen of a store: its fixed wizards first, then the offered auto
 * products in configuration order (an auto product repeating a fixed one is dropped).
 */
export function servicesFor(
  storeId: number,
  autoProducts: readonly AutoProduct[],
  embedded = false,
): ServiceEntry[] {
  const fixed: ServiceEntry[] = fixedServicesOf(storeId).map((flow) => ({
    kind: 'fixed',
    product_id: FIXED_FLOW_PRODUCT[flow],
    flow,
  }));
  const taken = new Set(fixed.map((entry) => entry.product_id));
  const auto: ServiceEntry[] = [];
  for (const product of autoProducts) {
    if (taken.has(product.product_id) || !isAutoProductOffered(product, storeId, embedded)) continue;
    taken.add(product.product_id);
    auto.push({ kind: 'auto', product_id: product.product_id, product });
  }
  return [...fixed, ...auto];
}
