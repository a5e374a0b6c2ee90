import { PRICES, type PropertiesSearchForm, propertiesSearchPrice } from '@shop/domain';
import type { PropertiesSearchDraft, PropertyCount } from '../../../shared/wizard/flow-forms.ts';

export const QP_TOTAL_STEPS = 7;

/** The steps in order; each is one decision (README.md). */
export const QP_STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'] as const;
export type QpStep = (typeof QP_STEPS)[number];

/** The number of a step ('step3' -> 3). */
export function qpStepNumber(step: QpStep): number {
  return QP_STEPS.indexOf(step) + 1;
}

/** The step before / after one ('step1' has none before, 'step7' none after). */
export function qpNeighbour(step: QpStep, offset: -1 | 1): QpStep | undefined {
  return QP_STEPS[QP_STEPS.indexOf(step) + offset];
}

/** The most a search can cost for the chosen count, null for 'all' (no limit) or none chosen. */
export function maximumPrice(count: PropertyCount | ''): number | null {
  if (count === '' || count === 'all') return null;
  return propertiesSearchPrice(Number(count));
}

/** The base price (12 €) and the price per located property (20,76 €) of spec 1 and 9. */
export const QP_BASE_PRICE = PRICES.propertiesSearchBase;
export const QP_PER_PROPERTY = PRICES.locatedProperty;

/** Shape-valid stand-ins for later steps' fields while one step is checked (never saved). */
export const QP_FILLER = { num_propiedades: '1' } as const;

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
