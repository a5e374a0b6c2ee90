import { civilRegistryProducts } from './civil-registry.ts';
import { commercialRegistryProducts } from './commercial-registry.ts';
import { divorceProducts } from './divorce.ts';
import { englishProducts } from './english.ts';
import { fixedProducts } from './fixed.ts';
import { legalServiceProducts } from './legal-services.ts';
import { locatedProducts } from './located.ts';
import { notarialProducts } from './notarial.ts';
import { portugueseProducts } from './portuguese.ts';
import { propertyRegistryProducts } from './property-registry.ts';
import { propertyServiceProducts } from './property-services.ts';
import type { CatalogueProduct } from './types.ts';

export type { CatalogueProduct } from './types.ts';

/**
 * The seeded catalogue. Seed data only: the running shop reads products from
 * the database (operators edit them there).
 */
export const catalogue: CatalogueProduct[] = [
  ...fixedProducts,
  ...locatedProducts,
  ...propertyRegistryProducts,
  ...commercialRegistryProducts,
  ...notarialProducts,
  ...propertyServiceProducts,
  ...divorceProducts,
  ...civilRegistryProducts,
  ...legalServiceProducts,
  ...portugueseProducts,
  ...englishProducts,
];
