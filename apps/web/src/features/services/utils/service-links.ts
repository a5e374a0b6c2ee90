import {
  type AutoProduct,
  type FixedFlow,
  FLOW_STEPS,
  formatEuros,
  type Language,
  PRODUCT_IDS,
  servicesFor,
} from '@shop/domain';
import type { TFunction } from '@shop/domain/i18n';
import { paths } from '../../../shared/paths.ts';

/** One button of the services screen: where it goes, what it says and its price. */
export interface ServiceLink {
  productId: number;
  href: string;
  label: string;
  /**
   * An auto product's price (the configuration's); null for a fixed wizard,
   * whose price comes from the server's definition (fixed-service-price.tsx).
   */
  price: string | null;
  /** The fixed wizard the button starts. */
  flow?: FixedFlow;
}

const FIXED_NAMES = {
  'nota-simple': 'services.notaSimple',
  'q-propiedades': 'services.qPropiedades',
  'certidao-permanente': 'services.certidao',
  'i-predial-simplificada': 'services.predial',
} as const;

function autoLabel(product: AutoProduct, t: TFunction): string {
  // Spec 2: the energy certificate's button reads 'Solicitar {name}'.
  return product.product_id === PRODUCT_IDS.energyCertificate
    ? t('services.request', { name: product.name })
    : product.name;
}

/**
 * The services screen of a store (spec 2 "Services screen"): its fixed wizards,
 * each to its first step, then the offered auto products to product/step1/{id}.
 */
export function serviceLinks(
  storeId: number,
  autoProducts: readonly AutoProduct[],
  embedded: boolean,
  t: TFunction,
  language: Language,
): ServiceLink[] {
  return servicesFor(storeId, autoProducts, embedded).map((entry) =>
    entry.kind === 'fixed'
      ? {
          productId: entry.product_id,
          href: paths.flowStep(entry.flow, FLOW_STEPS[entry.flow][0] ?? 'step1'),
          label: t(FIXED_NAMES[entry.flow]),
          price: null,
          flow: entry.flow,
        }
      : {
          productId: entry.product_id,
          href: paths.productStep(1, entry.product_id),
          label: autoLabel(entry.product, t),
          price: formatEuros(entry.product.price, language),
        },
  );
}
