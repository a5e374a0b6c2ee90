import {
  FIXED_FLOW_PRODUCT,
  type FixedFlow,
  fixedProductPrice,
  formatEuros,
  priceWithDefaults,
  SEARCH_LOCATED_PRODUCT,
} from '@shop/domain';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { useProductDefinition } from '../../../shared/product-options/get-product-definition.ts';

/**
 * A fixed wizard's price on the services screen, from the server's definition
 * (GET product?id=, the one loader; its wizard then needs no new call): the
 * all-in price, or for the properties search '12 € + 20,76 € por propiedad'
 * (the search and its located-property product). Nothing until it has loaded.
 */
export default function FixedServicePrice({ flow }: { flow: FixedFlow }) {
  const t = useT();
  const { language } = useConfig();
  const search = flow === 'q-propiedades';
  const product = useProductDefinition(FIXED_FLOW_PRODUCT[flow]);
  const located = useProductDefinition(search ? SEARCH_LOCATED_PRODUCT.person : null);
  if (!product || (search && !located)) return null;
  if (search && located) {
    return t('services.perProperty', {
      base: formatEuros(priceWithDefaults(product), language),
      each: formatEuros(priceWithDefaults(located), language),
    });
  }
  return formatEuros(fixedProductPrice(product), language);
}
