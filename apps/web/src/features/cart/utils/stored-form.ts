import {
  type CartItem,
  ConfirmAnswerSchema,
  type FixedFlow,
  type GenericForm,
  GenericFormSchema,
  GenericValueSchema,
  IdSchema,
} from '@shop/domain';
import * as z from 'zod/mini';
import { type FlowForm, flowFormFrom, flowSchema } from '../../../shared/wizard/flow-forms.ts';

/**
 * The forms an edit dialog starts from: the item's `form` exactly as the server
 * accepted it (GET cart, spec 3), read with the domain's schema of the product
 * (formSchemaForProduct). A form the schema no longer reads (stored before a
 * field changed) keeps every part that still reads; nothing is guessed from the
 * item's options or prices.
 */

/** A fixed product's form (Nota Simple, certificate, simplified report) from its cart item. */
export function storedFixedForm<F extends FixedFlow>(flow: F, item: Pick<CartItem, 'form'>): FlowForm<F> {
  const parsed = z.safeParse(flowSchema(flow), item.form);
  return parsed.success ? (parsed.data as unknown as FlowForm<F>) : flowFormFrom(flow, item.form);
}

/** The entries of a list that read with `schema`. */
function readable<T>(schema: z.ZodMiniType<T>, raw: unknown): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = z.safeParse(schema, entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A generic product's form (answers, confirmation answers, related products) from its cart item. */
export function storedGenericForm(item: Pick<CartItem, 'form' | 'product_id'>): GenericForm {
  const parsed = z.safeParse(GenericFormSchema, item.form);
  if (parsed.success && parsed.data.product_id === item.product_id) return parsed.data;
  const raw = item.form as Partial<Record<keyof GenericForm, unknown>>;
  return {
    product_id: item.product_id,
    values: readable(GenericValueSchema, raw.values).filter((value) => value.product_id === item.product_id),
    confirm_values: readable(ConfirmAnswerSchema, raw.confirm_values),
    related_product_ids: readable(IdSchema, raw.related_product_ids),
  };
}
