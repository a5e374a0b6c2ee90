import {
  allOptionsOf,
  applyOptionRules,
  type CartItem,
  cartLines,
  formatEuros,
  type GenericForm,
  genericFormValues,
  genericPrice,
  isEarlyCheckoutReady,
  type Option,
  type OptionValues,
  offeredRelatedProducts,
  type ProductDefinition,
  uploadedFileIds,
  visibleConfirmQuestions,
  visibleEarlyCheckoutFields,
  visibleOptions,
} from '@shop/domain';
import { useState } from 'react';
import { useConfig } from '../../../../shared/config/config-store.ts';
import { Checkbox } from '../../../../shared/forms/checkbox.tsx';
import { errorText } from '../../../../shared/forms/validation.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { useProductDefinition } from '../../../../shared/product-options/get-product-definition.ts';
import { OptionField } from '../../../../shared/product-options/option-field.tsx';
import { type KnownFiles, optionProblem } from '../../../../shared/product-options/option-rules.ts';
import { useEditDialog } from '../../hooks/use-edit-dialog.ts';
import { storedGenericForm } from '../../utils/stored-form.ts';
import styles from './edit-dialog.module.css';
import { EditDialogShell } from './edit-dialog-shell.tsx';

type EditDialogProps = { item: CartItem; onClose: () => void };

/** File names the cart already shows for the item's file options (print_value lists them in id order). */
function itemFiles(item: CartItem): KnownFiles {
  const files: Record<number, { name: string; size: number }> = {};
  for (const option of item.options) {
    const ids = uploadedFileIds(option.value);
    const names = option.print_value.split(', ');
    if (ids.length === 0 || names.length !== ids.length) continue;
    ids.forEach((id, index) => {
      files[id] = { name: names[index] ?? `#${id}`, size: 0 };
    });
  }
  return files;
}

/**
 * The generic form updatequoteitem receives: every wizard option with a value
 * in definition order, the confirmation answers, and the related products.
 */
export function editedForm(
  definition: ProductDefinition,
  values: OptionValues,
  relatedProductIds: readonly number[],
): GenericForm {
  const wizard = new Set(definition.options.map((option) => option.option_id));
  const answer = (id: number) => (values[id] ?? '').trim();
  const offered = new Set(offeredRelatedProducts(definition, values).map((product) => product.product_id));
  return {
    product_id: definition.product_id,
    values: definition.options
      .filter((option) => answer(option.option_id) !== '')
      .map((option) => ({
        option_id: option.option_id,
        product_id: definition.product_id,
        type: option.type,
        value: answer(option.option_id),
      })),
    confirm_values: allOptionsOf(definition)
      .filter((option) => !wizard.has(option.option_id) && answer(option.option_id) !== '')
      .map((option) => ({ option_id: option.option_id, value: answer(option.option_id) })),
    // A related product stays while it is still offered with the new answers.
    related_product_ids: relatedProductIds.filter((id) => offered.has(id)),
  };
}

/**
 * The fields the dialog shows: the options whose previous_steps hold (minus the
 * 18458 special case), then the confirmation questions and, when early checkout
 * is ready, its extra fields, each once. While early checkout is ready, the
 * wizard options the wizard skipped (never recorded: it went to the confirmation
 * as soon as early checkout was ready) stay skipped; an answer that ends early
 * checkout brings them back, required as in the wizard.
 */
function shownFields(
  definition: ProductDefinition,
  values: OptionValues,
  recorded: ReadonlySet<number>,
): Option[] {
  const seen = new Set<number>();
  const early = isEarlyCheckoutReady(definition, values);
  return [
    ...visibleOptions(definition, values).filter((option) => !early || recorded.has(option.option_id)),
    ...visibleConfirmQuestions(definition, values),
    ...visibleEarlyCheckoutFields(definition, values),
  ].filter((option) => !seen.has(option.option_id) && seen.add(option.option_id));
}

function EditFields({ item, definition, onClose }: EditDialogProps & { definition: ProductDefinition }) {
  const t = useT();
  const { language } = useConfig();
  // What was sent (the item's stored form), read with the domain's generic form schema.
  const [stored] = useState(() => storedGenericForm(item));
  const [values, setValues] = useState(() => applyOptionRules(definition, genericFormValues(stored)));
  const [related, setRelated] = useState<readonly number[]>(() => stored.related_product_ids);
  const [files, setFiles] = useState<KnownFiles>(() => itemFiles(item));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const dialog = useEditDialog(item, onClose);
  const [recorded] = useState(() => new Set(stored.values.map((entry) => entry.option_id)));
  const shown = shownFields(definition, values, recorded);
  const offered = offeredRelatedProducts(definition, values);
  const sent = editedForm(definition, values, related);
  const price = genericPrice(definition, sent);
  // What the item costs now: its line and its add-on lines (ADR 027), the same sum genericPrice gives.
  const currentPrice = cartLines([item]).reduce((sum, line) => sum + line.current_price, 0);

  // A change re-applies the rules: dependent answers are cleared, defaults filled (spec 4).
  const change = (optionId: number, value: string) => {
    setValues((current) => applyOptionRules(definition, { ...current, [optionId]: value }));
    setErrors(({ [optionId]: _fixed, ...others }) => others);
  };

  const submit = () => {
    const found: Record<number, string> = {};
    for (const option of shown) {
      const problem = optionProblem(option, values[option.option_id] ?? '');
      if (problem) found[option.option_id] = errorText(t, problem);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) dialog.refuse();
    else void dialog.save(sent);
  };

  // The server's per-field errors name an option or the position in the lists sent: map them back.
  const errorPaths = (optionId: number) => [
    `values.${sent.values.findIndex((entry) => entry.option_id === optionId)}.value`,
    `confirm_values.${sent.confirm_values.findIndex((entry) => entry.option_id === optionId)}.value`,
    `options.${optionId}`,
    `confirm.${optionId}`,
  ];
  const serverError = (optionId: number) =>
    errorPaths(optionId)
      .map((path) => dialog.serverErrors[path])
      .find(Boolean);
  const placed = new Set(shown.flatMap((option) => errorPaths(option.option_id)));
  const unplaced = Object.entries(dialog.serverErrors).filter(([path]) => !placed.has(path));

  return (
    <EditDialogShell {...dialog.shell(submit)}>
      {shown.map((option) => (
        <OptionField
          key={option.option_id}
          option={option}
          productId={definition.product_id}
          value={values[option.option_id] ?? ''}
          onChange={(value) => change(option.option_id, value)}
          error={errors[option.option_id] ?? serverError(option.option_id)}
          files={files}
          onUploaded={(uploaded) =>
            setFiles((current) => ({
              ...current,
              ...Object.fromEntries(uploaded.map((file) => [file.id, { name: file.name, size: file.size }])),
            }))
          }
        />
      ))}
      {offered.length > 0 ? (
        <fieldset className={styles.related}>
          <legend>{t('generic.related')}</legend>
          {offered.map((product) => (
            <Checkbox
              key={product.product_id}
              name={`related_${product.product_id}`}
              label={t('generic.relatedItem', {
                name: product.name,
                price: formatEuros(product.price, language),
              })}
              checked={related.includes(product.product_id)}
              onChange={(event) => {
                const others = related.filter((id) => id !== product.product_id);
                setRelated(event.target.checked ? [...others, product.product_id] : others);
              }}
            />
          ))}
        </fieldset>
      ) : null}
      {unplaced.length > 0 ? (
        <p role="alert" className={styles.failure}>
          {unplaced.map(([, message]) => message).join(' ')}
        </p>
      ) : null}
      <p className={styles.help} aria-live="polite">
        {price === currentPrice
          ? t('generic.price', { price: formatEuros(price, language) })
          : t('generic.newPrice', { price: formatEuros(price, language) })}
      </p>
    </EditDialogShell>
  );
}

/**
 * Generic edit dialog (spec 2 "Edit dialogs"): the item's product definition
 * rendered option by option (confirmation questions included), hiding what
 * their conditions (and the 18458 rule) hide, starting from exactly the form
 * that was sent (its answers, confirmation answers and related products), with
 * 'Modificar pedido' / 'Actualizar' in the store's language; saving posts
 * updatequoteitem and the cart shows the new price.
 */
export function GenericEditDialog({ item, onClose }: EditDialogProps) {
  const t = useT();
  const definition = useProductDefinition(item.product_id);
  if (definition) return <EditFields item={item} definition={definition} onClose={onClose} />;
  return (
    <EditDialogShell
      title={t('cart.editOrder')}
      onClose={onClose}
      onSubmit={() => {}}
      saving={false}
      failure={definition === null ? t('errors.generic') : ''}
      errorToken={0}
    >
      {definition === undefined ? <p aria-busy="true">{t('common.loading')}</p> : null}
    </EditDialogShell>
  );
}

export default GenericEditDialog;
