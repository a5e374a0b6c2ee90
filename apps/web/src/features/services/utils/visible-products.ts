import type { AutoProduct, RuntimeConfig } from '@shop/domain';

/**
 * The auto products the services screen lists (spec point 2): offered in this
 * store and visible, and, unless the shop is embedded, marked visible on the
 * services screen of this store.
 */
export function visibleAutoProducts(
  config: Pick<RuntimeConfig, 'store_id' | 'embedded' | 'auto_products'>,
): AutoProduct[] {
  return config.auto_products.filter(
    (p) =>
      p.visible &&
      p.stores.includes(config.store_id) &&
      (config.embedded || p.visible_on_services.includes(config.store_id)),
  );
}
