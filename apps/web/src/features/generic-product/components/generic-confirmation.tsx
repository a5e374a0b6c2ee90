import {
  formatEuros,
  genericPrice,
  type Option,
  offeredRelatedProducts,
  type ProductDefinition,
  visibleConfirmQuestions,
  visibleEarlyCheckoutFields,
} from '@shop/domain';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { Checkbox } from '../../../shared/forms/checkbox.tsx';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { errorText } from '../../../shared/forms/validation.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { OptionField } from '../../../shared/product-options/option-field.tsx';
import { displayValue, optionProblem } from '../../../shared/product-options/option-rules.ts';
import {
  getGenericForm,
  type StoredGenericForm,
  setGenericForm,
  withFiles,
} from '../../../shared/wizard/generic-store.ts';
import { formValues, withConfirmAnswer } from '../utils/wizard-state.ts';
import styles from './generic-product.module.css';

export interface GenericConfirmationProps {
  definition: ProductDefinition;
  form: StoredGenericForm;
}

/** A confirmation field's answer: the one given, else its default. */
function answerOf(field: Option, form: StoredGenericForm): string {
  return (
    form.confirm_values.find((answer) => answer.option_id === field.option_id)?.value ?? field.default ?? ''
  );
}

/**
 * product/confirmation/{id} (spec 4): the answers with a link back to each
 * step, the confirmation questions whose conditions hold, the early-checkout
 * extra fields, the related products on offer, the price; confirming checks
 * every required shown field, saves the form and goes to cart/add/product.
 */
export function GenericConfirmation({ definition, form }: GenericConfirmationProps) {
  const t = useT();
  const { language } = useConfig();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Record<number, string>>({});
  const productId = definition.product_id;
  const search = window.location.search;
  usePageTitle(definition.name);

  const values = formValues(form);
  const fields = [
    ...visibleConfirmQuestions(definition, values),
    ...visibleEarlyCheckoutFields(definition, values),
  ];
  const related = offeredRelatedProducts(definition, values);
  const answered = fields
    .map((field) => ({ option_id: field.option_id, value: answerOf(field, form).trim() }))
    .filter((entry) => entry.value !== '');
  // The price the server will compute from what confirming sends.
  const price = genericPrice(definition, { ...form, confirm_values: answered });
  const optionsById = new Map(definition.options.map((option) => [option.option_id, option]));

  const latest = () => {
    const saved = getGenericForm();
    return saved && saved.product_id === productId ? saved : form;
  };
  const answer = (field: Option, value: string) => {
    setErrors(({ [field.option_id]: _fixed, ...others }) => others);
    setGenericForm(withConfirmAnswer(latest(), field.option_id, value));
  };
  const toggleRelated = (id: number, on: boolean) => {
    const current = latest();
    const others = current.related_product_ids.filter((other) => other !== id);
    setGenericForm({ ...current, related_product_ids: on ? [...others, id] : others });
  };

  const confirm = () => {
    const found: Record<number, string> = {};
    for (const field of fields) {
      const problem = optionProblem(field, answerOf(field, form));
      if (problem) found[field.option_id] = errorText(t, problem);
    }
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field.option_id]);
    if (firstInvalid) {
      // After the render that shows the errors, the first invalid field takes focus.
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    // Only what is shown is sent: answers of hidden questions and withdrawn offers are dropped.
    const offered = new Set(related.map((product) => product.product_id));
    setGenericForm({
      ...form,
      confirm_values: answered,
      related_product_ids: form.related_product_ids.filter((id) => offered.has(id)),
    });
    navigate(withSearch(paths.cartAdd('product'), search));
  };

  return (
    <StepLayout
      title={t('generic.confirmationTitle')}
      onNext={confirm}
      nextLabel={t('generic.confirm')}
      onBack={
        form.values.length > 0
          ? () => navigate(withSearch(paths.productStep(form.values.length, productId), search))
          : undefined
      }
    >
      <p className={styles.productName}>{definition.name}</p>
      <h2 className={styles.subheading}>{t('generic.summary')}</h2>
      <dl className={styles.summary}>
        {form.values.map((entry, index) => {
          const option = optionsById.get(entry.option_id);
          if (!option) return null;
          const shown = displayValue(option, entry.value, form.files);
          return (
            <div key={entry.option_id} className={styles.answer}>
              <dt>{option.title}</dt>
              <dd>
                <span>{shown || t('generic.noAnswer')}</span>{' '}
                <Link
                  href={withSearch(paths.productStep(index + 1, productId), search)}
                  aria-label={t('generic.changeAnswer', { question: option.title })}
                >
                  {t('generic.change')}
                </Link>
              </dd>
            </div>
          );
        })}
      </dl>
      {fields.length > 0 ? (
        <>
          <h2 className={styles.subheading}>{t('generic.moreQuestions')}</h2>
          {fields.map((field) => (
            <OptionField
              key={field.option_id}
              option={field}
              productId={productId}
              value={answerOf(field, form)}
              onChange={(value) => answer(field, value)}
              error={errors[field.option_id]}
              files={form.files}
              onUploaded={(files) =>
                setGenericForm(
                  withFiles(
                    latest(),
                    Object.fromEntries(files.map((f) => [f.id, { name: f.name, size: f.size }])),
                  ),
                )
              }
            />
          ))}
        </>
      ) : null}
      {related.length > 0 ? (
        <fieldset className={styles.related}>
          <legend className={styles.subheading}>{t('generic.related')}</legend>
          {related.map((product) => (
            <Checkbox
              key={product.product_id}
              label={t('generic.relatedItem', {
                name: product.name,
                price: formatEuros(product.price, language),
              })}
              checked={form.related_product_ids.includes(product.product_id)}
              onChange={(event) => toggleRelated(product.product_id, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : null}
      <p className={styles.total} aria-live="polite">
        {t('generic.total', { price: formatEuros(price, language) })}
      </p>
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className={styles.alert}>
          {t('generic.missingAnswers')}
        </p>
      ) : null}
    </StepLayout>
  );
}
