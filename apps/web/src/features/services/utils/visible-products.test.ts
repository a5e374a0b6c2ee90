import type { AutoProduct } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { visibleAutoProducts } from './visible-products.ts';

const product = (over: Partial<AutoProduct>): AutoProduct => ({
  product_id: 18464,
  name: 'Certificado energético',
  stores: [14],
  visible: true,
  visible_on_services: [14],
  price: 9900,
  ...over,
});

// Spec point 2: stores include the store, visible, and (unless embedded) visible_on_services includes it.
describe('visibleAutoProducts', () => {
  it.each([
    ['offered, visible, on services', product({}), false, true],
    ['other store only', product({ stores: [16] }), false, false],
    ['not visible', product({ visible: false }), false, false],
    ['not on the services screen', product({ visible_on_services: [1] }), false, false],
    ['not on the services screen, embedded', product({ visible_on_services: [1] }), true, true],
    ['not visible, embedded', product({ visible: false }), true, false],
  ])('%s', (_, p, embedded, shown) => {
    const result = visibleAutoProducts({ store_id: 14, embedded, auto_products: [p] });
    expect(result.length === 1).toBe(shown);
  });
});
