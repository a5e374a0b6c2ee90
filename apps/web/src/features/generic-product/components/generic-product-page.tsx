import { parseStepSegment } from '@shop/domain';
import { useEffect, useMemo } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { useProductDefinition } from '../../../shared/product-options/get-product-definition.ts';
import { blankGenericForm, setGenericForm, useGenericForm } from '../../../shared/wizard/generic-store.ts';
import { stepRedirect } from '../../../shared/wizard/step-plan.ts';
import { genericPlan, stepId, stepNumber } from '../utils/generic-plan.ts';
import { GenericConfirmation } from './generic-confirmation.tsx';
import { GenericStep } from './generic-step.tsx';

function productIdOf(text: string | undefined): number | null {
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** origin and origin_id of the query string: the product is added from another product's flow (spec 3). */
function originOf(search: string): { origin: string; origin_id: string } | undefined {
  const query = new URLSearchParams(search);
  const origin = query.get('origin')?.trim();
  const originId = query.get('origin_id')?.trim();
  return origin && originId ? { origin: origin.slice(0, 64), origin_id: originId.slice(0, 64) } : undefined;
}

/**
 * product/step{n}/{product_id} and product/confirmation/{product_id} (spec 2):
 * loads the definition (silently: without one the visitor goes to services,
 * spec 8), then shows the step or the confirmation from the saved generic form.
 */
export default function GenericProductPage({ params }: { params: { segment?: string; productId?: string } }) {
  const t = useT();
  const productId = productIdOf(params.productId);
  const definition = useProductDefinition(productId);
  const plan = useMemo(() => (definition ? genericPlan(definition) : null), [definition]);
  const stored = useGenericForm();
  const search = useSearch();
  const origin = originOf(search);
  const originText = origin?.origin ?? '';
  const originId = origin?.origin_id ?? '';

  // The saved form belongs to another product (or there is none): this product starts afresh.
  const own = stored && stored.product_id === productId ? stored : null;
  const newOrigin = originText !== '' && (own?.origin !== originText || own?.origin_id !== originId);
  useEffect(() => {
    if (productId === null || !definition) return;
    const next = originText ? { origin: originText, origin_id: originId } : undefined;
    if (!own) setGenericForm(blankGenericForm(productId, next));
    else if (newOrigin && next) setGenericForm({ ...own, ...next });
  }, [productId, definition, own, newOrigin, originText, originId]);

  if (productId === null || definition === null)
    return <Redirect to={withSearch(paths.services(), window.location.search)} replace />;
  if (definition === undefined || !plan || !own || newOrigin) {
    return <p aria-busy="true">{t('common.loading')}</p>;
  }
  // The plan's guard (spec 4): a step past the current one, step0 or anything
  // unreadable goes to the current step; the confirmation once it may be entered.
  const segment = params.segment ?? '';
  const number = parseStepSegment(segment);
  const requested = segment === 'confirmation' ? segment : stepId(number ?? 0);
  const target = stepRedirect(plan, requested, own);
  if (target) {
    const targetStep = stepNumber(target);
    const to =
      targetStep === null ? paths.productConfirmation(productId) : paths.productStep(targetStep, productId);
    return <Redirect to={withSearch(to, window.location.search)} replace />;
  }
  if (requested === 'confirmation') return <GenericConfirmation definition={definition} form={own} />;
  return <GenericStep key={requested} definition={definition} plan={plan} form={own} step={number ?? 1} />;
}
