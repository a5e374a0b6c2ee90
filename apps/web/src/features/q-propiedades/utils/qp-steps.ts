import { type ProductDefinition, type PropertiesSearchForm, propertiesSearchPrice } from '@shop/domain';
import type { PropertiesSearchDraft, PropertyCount } from '../../../shared/wizard/flow-forms.ts';

/** The prices of a search, from the server's definitions: the search and the located-property product. */
export interface QpProducts {
  search: ProductDefinition;
  located: ProductDefinition;
}

/** The most a search can cost for the chosen count, null for 'all' (no limit) or none chosen. */
export function maximumPrice(products: QpProducts, count: PropertyCount | ''): number | null {
  if (count === '' || count === 'all') return null;
  return propertiesSearchPrice(products.search, products.located, Number(count));
}

/** The origin of a search started from another order (query string), or null. */
export function originFromQuery(search: string): Partial<PropertiesSearchForm> | null {
  const query = new URLSearchParams(search);
  const origin = query.get('origin')?.trim() ?? '';
  const originId = query.get('origin_id')?.trim() ?? '';
  const fromNs = ['1', 'true'].includes(query.get('proviene_de_ns') ?? '') || origin === 'ns';
  if (!originId && !fromNs) return null;
  const found: Partial<PropertiesSearchDraft> = { proviene_de_ns: fromNs };
  if (origin) found.origin = origin.slice(0, 64);
  if (originId) found.origin_id = originId.slice(0, 64);
  return found as Partial<PropertiesSearchForm>;
}
