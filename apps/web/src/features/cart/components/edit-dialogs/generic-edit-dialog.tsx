import {
  allOptionsOf,
  applyOptionRules,
  type CartItem,
  formatEuros,
  type GenericForm,
  genericFormPrice,
  type OptionValues,
  type ProductDefinition,
  uploadedFileIds,
  visibleOptions,
} from '@shop/domain';
import { useState } from 'react';
import { useConfig } from '../../../../shared/config/config-store.ts';
import { errorText } from '../../../../shared/forms/validation.ts';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { useProductDefinition } from '../../../../shared/product-options/get-product-definition.ts';
import { OptionField } from '../../../../shared/product-options/option-field.tsx';
import { type KnownFiles, optionProblem } from '../../../../shared/product-options/option-rules.ts';
import { useUpdateItem } from '../../hooks/use-update-item.ts';
import styles from './edit-dialog.module.css';
import { EditDialogShell } from './edit-dialog-shell.tsx';

type EditDialogProps = { item: CartItem; onClose: () => void };

/** The item's answers by option id. */
function itemValues(item: CartItem): Record<number, string> {
  return Object.fromEntries(item.options.map((option) => [option.option_id, option.value]));
}

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
 * in definition order, the confirmation answers the item has, and the related
 * products it was ordered with (its child items).
 */
export function editedForm(definition: ProductDefinition, values: OptionValues, item: CartItem): GenericForm {
  const wizard = new Set(definition.options.map((option) => option.option_id));
  const related = new Set(definition.related_product.map((product) => product.product_id));
  const answer = (id: number) => (values[id] ?? '').trim();
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
    related_product_ids: item.childs.map((child) => child.product_id).filter((id) => related.has(id)),
  };
}

function EditFields({ item, definition, onClose }: EditDialogProps & { definition: ProductDefinition }) {
  const t = useT();
  const { language } = useConfig();
  const [values, setValues] = useState(() => applyOptionRules(definition, itemValues(item)));
  const [files, setFiles] = useState<KnownFiles>(() => itemFiles(item));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [errorToken, setErrorToken] = useState(0);
  const update = useUpdateItem(item, onClose);
  const shown = visibleOptions(definition, values);
  const price = genericFormPrice(definition, editedForm(definition, values, item));

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
    if (Object.keys(found).length > 0) {
      setErrorToken((n) => n + 1);
      return;
    }
    void update.save(editedForm(definition, values, item));
  };

  // The server's per-field errors name the position in the list sent: map them back to options.
  const sent = editedForm(definition, values, item);
  const serverError = (optionId: number) => {
    const index = sent.values.findIndex((entry) => entry.option_id === optionId);
    return update.serverErrors[`values.${index}.value`] ?? update.serverErrors[`options.${optionId}`];
  };

  return (
    <EditDialogShell
      title={t('cart.editOrder')}
      onClose={onClose}
      onSubmit={submit}
      saving={update.saving}
      failure={update.failure}
      errorToken={errorToken + update.failures}
    >
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
      <p className={styles.help} aria-live="polite">
        {price === item.current_price
          ? t('generic.price', { price: formatEuros(price, language) })
          : t('generic.newPrice', { price: formatEuros(price, language) })}
      </p>
    </EditDialogShell>
  );
}

/**
 * Generic edit dialog (spec 2 "Edit dialogs"): the item's product definition
 * rendered option by option, hiding what its conditions (and the 18458 rule)
 * hide, with 'Modificar pedido' / 'Actualizar' in the store's language; saving
 * posts updatequoteitem and the cart shows the new price.
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
      saving={definition === undefined}
      failure={definition === null ? t('errors.generic') : ''}
      errorToken={0}
    >
      {definition === undefined ? <p aria-busy="true">{t('common.loading')}</p> : null}
    </EditDialogShell>
  );
}

export default GenericEditDialog;
