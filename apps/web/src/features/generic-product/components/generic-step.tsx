import {
  canEnterGenericConfirmation,
  formatEuros,
  genericStepRedirect,
  isEarlyCheckoutReady,
  nextGenericRoute,
  optionForStep,
  type ProductDefinition,
  productPrice,
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
import {
  getGenericForm,
  type StoredGenericForm,
  setGenericForm,
  withFiles,
} from '../utils/generic-form-store.ts';
import { fieldValue, recordAnswer, truncatedForStep, valuesWith, withDraft } from '../utils/wizard-state.ts';
import styles from './generic-product.module.css';

export interface GenericStepProps {
  definition: ProductDefinition;
  form: StoredGenericForm;
  step: number;
}

/**
 * One step of the generic wizard (spec 4): the option the step asks, judged
 * with the answers of the steps before it; the live price; Back, Next and, when
 * early checkout is ready, 'Finalizar ahora'. Entering a step past the current
 * one redirects to the current one; entering an earlier one truncates the
 * answers to the steps before it (they stay as drafts in the fields).
 */
export function GenericStep({ definition, form, step }: GenericStepProps) {
  const t = useT();
  const { language } = useConfig();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const productId = definition.product_id;
  const search = window.location.search;
  const redirect = genericStepRedirect(form.values.length, step);
  const view = truncatedForStep(form, step);
  const option = redirect ? null : optionForStep(definition, view.values, step);
  usePageTitle(definition.name);

  // Entering step n keeps the first n - 1 answers (the component is keyed by step).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on entering the step
  useEffect(() => {
    const saved = getGenericForm();
    if (!redirect && saved && saved.product_id === productId && saved.values.length >= step) {
      setGenericForm(truncatedForStep(saved, step));
    }
  }, []);

  const go = (path: string) => navigate(withSearch(path, search));

  if (redirect) {
    const to =
      redirect.kind === 'confirmation'
        ? paths.productConfirmation(productId)
        : paths.productStep(redirect.step, productId);
    return <Redirect to={withSearch(to, search)} replace />;
  }
  if (!option) return <Redirect to={withSearch(paths.productConfirmation(productId), search)} replace />;

  const value = fieldValue(option, view);
  const values = valuesWith(view, option.option_id, value);
  const earlyReady = isEarlyCheckoutReady(definition, values);

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
    const route = nextGenericRoute(definition, answered.values, step);
    go(
      route.kind === 'step' ? paths.productStep(route.step, productId) : paths.productConfirmation(productId),
    );
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
          <span aria-live="polite">
            {t('generic.price', { price: formatEuros(productPrice(definition, values), language) })}
          </span>
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
        <Button variant="secondary" className={styles.early} onClick={finishNow}>
          {t('generic.earlyCheckout')}
        </Button>
      ) : null}
    </StepLayout>
  );
}
