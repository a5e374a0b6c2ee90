import { describe, expect, it } from 'vitest';
import type { AutoProduct } from '../schemas/product.ts';
import {
  canEnterFlow,
  DEFAULT_STORE_ID,
  FIXED_FLOWS,
  type FixedFlow,
  fixedServicesOf,
  isAutoProductOffered,
  isKnownStoreId,
  isPortugueseStore,
  isRegistrySite,
  STORE_IDS,
  servesLandingPages,
  servicesFor,
  storeLanguage,
  storesListingFlow,
  storesSellingFlow,
} from './stores.ts';

describe('store ids', () => {
  it('lists the spec 1 stores and defaults to 14', () => {
    expect([...STORE_IDS]).toEqual([1, 9, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 26, 28]);
    expect(DEFAULT_STORE_ID).toBe(14);
    expect(isKnownStoreId(14)).toBe(true);
    expect(isKnownStoreId(2)).toBe(false);
  });

  it.each([
    [1, 'es', false, false],
    [9, 'es', false, true],
    [12, 'es', false, true],
    [14, 'es', false, true],
    [15, 'es', false, false],
    [16, 'pt', true, false],
    [17, 'en', false, false],
    [18, 'en', false, false],
    [19, 'en', false, false],
    [20, 'es', false, false],
    [21, 'es', false, false],
    [22, 'es', false, false],
    [23, 'es', false, false],
    [26, 'pt', true, false],
    [28, 'pt', true, false],
    [99, 'es', false, false],
  ] as const)('store %i speaks %s (portuguese %s, registry site %s)', (id, lang, pt, registry) => {
    expect(storeLanguage(id)).toBe(lang);
    expect(isPortugueseStore(id)).toBe(pt);
    expect(isRegistrySite(id)).toBe(registry);
  });
});

describe('which fixed wizards each store lists, and which it may enter', () => {
  const NS: FixedFlow[] = ['nota-simple', 'q-propiedades'];
  const PT: FixedFlow[] = ['certidao-permanente', 'i-predial-simplificada'];
  // Every spec 1 store id (and an unknown one): the fixed wizards its services screen lists, and those it may enter.
  const stores: [number, FixedFlow[], FixedFlow[]][] = [
    [1, [], NS],
    [9, NS, NS],
    [12, NS, NS],
    [14, NS, NS],
    [15, [], NS],
    [16, PT, PT],
    [17, [], NS],
    [18, [], NS],
    [19, [], NS],
    [20, [], NS],
    [21, [], NS],
    [22, [], NS],
    [23, [], NS],
    [26, PT, PT],
    [28, PT, PT],
    [99, [], NS],
  ];

  it('covers every spec store id', () => {
    expect(stores.map(([store]) => store).filter(isKnownStoreId)).toEqual([...STORE_IDS]);
  });

  it.each(stores)('store %i lists %j and may enter %j', (store, listed, entered) => {
    expect(fixedServicesOf(store)).toEqual(listed);
    for (const flow of FIXED_FLOWS) expect(canEnterFlow(store, flow)).toBe(entered.includes(flow));
    expect(servesLandingPages(store)).toBe(entered.includes('nota-simple'));
  });

  it('refuses Nota Simple and the properties search on the Portuguese stores only (spec 4)', () => {
    expect(storesSellingFlow('nota-simple')).toEqual([1, 9, 12, 14, 15, 17, 18, 19, 20, 21, 22, 23]);
    expect(storesSellingFlow('q-propiedades')).toEqual(storesSellingFlow('nota-simple'));
    expect(storesSellingFlow('certidao-permanente')).toEqual([16, 26, 28]);
  });

  it.each([...FIXED_FLOWS])('the stores listing %s are those whose services screen lists it', (flow) => {
    expect(storesListingFlow(flow)).toEqual(
      stores
        .filter(([store, listed]) => isKnownStoreId(store) && listed.includes(flow))
        .map(([store]) => store),
    );
  });
});

const auto = (over: Partial<AutoProduct>): AutoProduct => ({
  product_id: 18458,
  name: 'Copia de escritura',
  stores: [1, 14, 16],
  visible: true,
  visible_on_services: [1, 14, 16],
  price: 4900,
  ...over,
});

describe('auto product offer', () => {
  it.each([
    ['listed everywhere', auto({}), 14, false, true],
    ['store not in stores', auto({}), 9, false, false],
    ['not visible', auto({ visible: false }), 14, false, false],
    ['not on services screen', auto({ visible_on_services: [1] }), 14, false, false],
    ['not on services but embedded', auto({ visible_on_services: [1] }), 14, true, true],
    ['embedded does not override stores', auto({}), 9, true, false],
    ['embedded does not override visible', auto({ visible: false }), 14, true, false],
  ] as const)('%s', (_name, product, store, embedded, expected) => {
    expect(isAutoProductOffered(product, store, embedded)).toBe(expected);
  });
});

describe('services screen', () => {
  const deed = auto({});
  const energy = auto({
    product_id: 18464,
    name: 'Certificado energético',
    stores: [1, 14, 16, 28],
    visible_on_services: [1, 14, 16, 28],
  });
  const hidden = auto({ product_id: 18346, visible: false });
  const dupNs = auto({ product_id: 15867, stores: [14] });
  const list = [deed, energy, hidden, dupNs];
  const ids = (store: number, embedded = false) =>
    servicesFor(store, list, embedded).map((e) => e.product_id);

  it.each([
    [16, [18414, 18421, 18458, 18464]],
    [28, [18414, 18421, 18464]],
    [14, [15867, 18357, 18458, 18464]],
    [9, [15867, 18357]],
    [1, [18458, 18464]],
    [22, []],
  ])('store %i lists %j', (store, expected) => {
    expect(ids(store)).toEqual(expected);
  });

  it('marks fixed entries with their flow', () => {
    expect(servicesFor(16, [])).toEqual([
      { kind: 'fixed', product_id: 18414, flow: 'certidao-permanente' },
      { kind: 'fixed', product_id: 18421, flow: 'i-predial-simplificada' },
    ]);
    expect(servicesFor(12, [])).toEqual([
      { kind: 'fixed', product_id: 15867, flow: 'nota-simple' },
      { kind: 'fixed', product_id: 18357, flow: 'q-propiedades' },
    ]);
  });

  it('embedded pages ignore visible_on_services', () => {
    const offScreen = auto({ product_id: 18473, visible_on_services: [] });
    expect(servicesFor(1, [offScreen], false)).toEqual([]);
    expect(servicesFor(1, [offScreen], true).map((e) => e.product_id)).toEqual([18473]);
  });
});
