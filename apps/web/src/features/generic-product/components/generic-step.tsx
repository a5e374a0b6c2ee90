import {
  canEnterGenericConfirmation,
  formatEuros,
  genericPrice,
  isEarlyCheckoutReady,
  optionForStep,
  optionsToFinalize,
  type ProductDefinition,
} from '@shop/domain';
import { useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { OptionField } from '../../../shared/product-options/option-field.tsx';
import { optionProblem } from '../../../shared/product-options/option-rules.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { OfficialNotice } from '../../../shared/ui/official-notice.tsx';
import {
  getGenericForm,
  type StoredGenericForm,
  setGenericForm,
  withFiles,
} from '../../../shared/wizard/generic-store.ts';
import { nextStep, type StepPlan } from '../../../shared/wizard/step-plan.ts';
import { stepId, stepNumber } from '../utils/generic-plan.ts';
import { fieldValue, recordAnswer, truncatedForStep, valuesWith, withDraft } from '../utils/wizard-state.ts';
import styles from './generic-product.module.css';

export interface GenericStepProps {
  definition: ProductDefinition;
  /** The wizard's plan (generic-plan.ts); its guard let the visitor in. */
  plan: StepPlan<StoredGenericForm>;
  form: StoredGenericForm;
  step: number;
}

/**
 * One step of the generic wizard (spec 4): the option the step asks, judged
 * with the answers of the steps before it; the live price; Back, Next and, when
 * early checkout is ready, 'Finalizar ahora'. Entering an earlier step than the
 * current one truncates the answers to the steps before it (they stay as
 * drafts in the fields).
 */
export function GenericStep({ definition, plan, form, step }: GenericStepProps) {
  const t = useT();
  const { language } = useConfig();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const productId = definition.product_id;
  const search = window.location.search;
  const view = truncatedForStep(form, step);
  const option = optionForStep(definition, view.values, step);
  usePageTitle(definition.name);

  // Entering step n keeps the first n - 1 answers (the component is keyed by step).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on entering the step
  useEffect(() => {
    const saved = getGenericForm();
    if (saved && saved.product_id === productId && saved.values.length >= step) {
      setGenericForm(truncatedForStep(saved, step));
    }
  }, []);

  const go = (path: string) => navigate(withSearch(path, search));

  if (!option) return <Redirect to={withSearch(paths.productConfirmation(productId), search)} replace />;

  const value = fieldValue(option, view);
  const values = valuesWith(view, option.option_id, value);
  const earlyReady = isEarlyCheckoutReady(definition, values);
  // What 'Finalizar ahora' leaves until after payment (the finalize page asks it; uploads go with an incident).
  const askedAfter = earlyReady
    ? optionsToFinalize(definition, values)
        .filter((later) => later.type !== 'file')
        .map((later) => later.title)
    : [];
  // The one price (domain genericPrice) of every answer the form holds: the later steps' answers
  // kept as drafts when going back count too, so the same answers always show the same price.
  const price = genericPrice(definition, view, { ...view.drafts, [option.option_id]: value });

  // The saved form as this step sees it, read afresh: an upload may have just added file names.
  const latest = () => {
    const saved = getGenericForm();
    return saved && saved.product_id === productId ? truncatedForStep(saved, step) : view;
  };

  const change = (next: string) => {
    setError(null);
    setGenericForm(withDraft(latest(), option.option_id, next));
  };

  const next = () => {
    const problem = optionProblem(option, value);
    if (problem) return setError(errorText(t, problem));
    const answered = recordAnswer(latest(), step, option, value);
    setGenericForm(answered);
    const after = stepNumber(nextStep(plan, stepId(step), answered));
    go(after === null ? paths.productConfirmation(productId) : paths.productStep(after, productId));
  };

  const finishNow = () => {
    const blank = value.trim() === '';
    const problem = blank ? null : optionProblem(option, value);
    if (problem) return setError(errorText(t, problem));
    const answered = blank ? latest() : recordAnswer(latest(), step, option, value);
    if (!canEnterGenericConfirmation(definition, answered.values)) return next();
    setGenericForm(answered);
    go(paths.productConfirmation(productId));
  };

  return (
    <StepLayout
      title={option.title}
      onNext={next}
      onBack={step > 1 ? () => go(paths.productStep(step - 1, productId)) : undefined}
      price={
        <p className={styles.price}>
          <span className={styles.productName}>
            {definition.name} · {t('generic.step', { step })}
          </span>
          <span aria-live="polite">{t('generic.price', { price: formatEuros(price, language) })}</span>
        </p>
      }
    >
      <OptionField
        option={option}
        productId={productId}
        value={value}
        onChange={change}
        error={error}
        files={view.files}
        onUploaded={(files) =>
          setGenericForm(
            withFiles(latest(), Object.fromEntries(files.map((f) => [f.id, { name: f.name, size: f.size }]))),
          )
        }
      />
      {earlyReady ? (
        <Button
          variant="secondary"
          className={styles.early}
          onClick={finishNow}
          aria-describedby={askedAfter.length > 0 ? 'early-checkout-hint' : undefined}
        >
          {t('generic.earlyCheckout')}
        </Button>
      ) : null}
      {askedAfter.length > 0 ? (
        <p id="early-checkout-hint" className={styles.earlyHint}>
          {t('generic.earlyCheckoutHint', { fields: new Intl.ListFormat(language).format(askedAfter) })}
        </p>
      ) : null}
      {/* The product's first screen says what we are (issue 18 item 6). */}
      {step === 1 ? <OfficialNotice className={styles.notice} /> : null}
    </StepLayout>
  );
}
