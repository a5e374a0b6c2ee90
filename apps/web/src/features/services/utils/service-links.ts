import {
  type AutoProduct,
  type FixedFlow,
  FLOW_STEPS,
  formatEuros,
  type Language,
  PRICES,
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
  price: string;
}

const FIXED_NAMES = {
  'nota-simple': 'services.notaSimple',
  'q-propiedades': 'services.qPropiedades',
  'certidao-permanente': 'services.certidao',
  'i-predial-simplificada': 'services.predial',
} as const;

/** The fixed products' prices (domain PRICES, which the server charges too). */
function fixedPrice(flow: FixedFlow, t: TFunction, language: Language): string {
  switch (flow) {
    case 'nota-simple':
      return formatEuros(PRICES.notaSimple, language);
    case 'q-propiedades':
      return t('services.perProperty', {
        base: formatEuros(PRICES.propertiesSearchBase, language),
        each: formatEuros(PRICES.locatedProperty, language),
      });
    case 'certidao-permanente':
      return formatEuros(PRICES.certidaoPermanente, language);
    case 'i-predial-simplificada':
      return formatEuros(PRICES.informacaoPredial, language);
  }
}

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
          price: fixedPrice(entry.flow, t, language),
        }
      : {
          productId: entry.product_id,
          href: paths.productStep(1, entry.product_id),
          label: autoLabel(entry.product, t),
          price: formatEuros(entry.product.price, language),
        },
  );
}
