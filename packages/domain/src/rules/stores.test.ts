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
  servicesFor,
  storeLanguage,
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

describe('which stores sell (and may enter) each fixed wizard', () => {
  // Every spec 1 store id (and an unknown one): the fixed wizards it sells.
  const sold: [number, FixedFlow[]][] = [
    [1, []],
    [9, ['nota-simple', 'q-propiedades']],
    [12, ['nota-simple', 'q-propiedades']],
    [14, ['nota-simple', 'q-propiedades']],
    [15, []],
    [16, ['certidao-permanente', 'i-predial-simplificada']],
    [17, []],
    [18, []],
    [19, []],
    [20, []],
    [21, []],
    [22, []],
    [23, []],
    [26, ['certidao-permanente', 'i-predial-simplificada']],
    [28, ['certidao-permanente', 'i-predial-simplificada']],
    [99, []],
  ];

  it('covers every spec store id', () => {
    expect(sold.map(([store]) => store).filter(isKnownStoreId)).toEqual([...STORE_IDS]);
  });

  it.each(sold)('store %i sells %j, and may enter exactly those wizards', (store, flows) => {
    expect(fixedServicesOf(store)).toEqual(flows);
    for (const flow of FIXED_FLOWS) expect(canEnterFlow(store, flow)).toBe(flows.includes(flow));
  });

  it.each([...FIXED_FLOWS])('the stores selling %s are the ones that may enter it', (flow) => {
    expect(storesSellingFlow(flow)).toEqual(
      sold.filter(([store, flows]) => isKnownStoreId(store) && flows.includes(flow)).map(([store]) => store),
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
