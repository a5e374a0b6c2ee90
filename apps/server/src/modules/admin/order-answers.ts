import {
  formSchemaForProduct,
  type GenericForm,
  GenericFormSchema,
  type ItemOption,
  PRODUCT_IDS,
  type ProductDefinition,
  ProductDefinitionSchema,
} from '@shop/domain';
import { inArray, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { AppDb } from '../../db/client.ts';
import { products, productVersions } from '../../db/schema/index.ts';
import { type FixedForm, fixedFormValues } from '../cart/fixed-items.ts';
import { itemOptions } from '../cart/item-options.ts';
import { requesterOptions } from '../cart/requester-options.ts';
import { HOLDER_KEYS } from './order-queue-filters.ts';

/** One answer as the operator reads it: the option's title and the chosen value's name. */
export interface LabelledAnswer {
  option_id: number;
  title: string;
  value: string;
}

const FIXED_PRODUCTS = new Set<number>([
  PRODUCT_IDS.notaSimple,
  PRODUCT_IDS.propertiesSearch,
  PRODUCT_IDS.certidaoPermanente,
  PRODUCT_IDS.informacaoPredial,
]);

/**
 * The definitions of the (product, version) pairs given, by `${product}:${version}`:
 * a published version's row, else the product's own when it is that version.
 */
export async function definitionsOf(
  db: AppDb,
  pairs: readonly { productId: number; version: number | null }[],
): Promise<Map<string, ProductDefinition>> {
  const wanted = pairs.filter((p): p is { productId: number; version: number } => p.version !== null);
  const out = new Map<string, ProductDefinition>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({
      productId: productVersions.productId,
      version: productVersions.version,
      definition: productVersions.definition,
    })
    .from(productVersions)
    .where(
      sql`(${productVersions.productId}, ${productVersions.version}) in (${sql.join(
        wanted.map((p) => sql`(${p.productId}::int, ${p.version}::int)`),
        sql`, `,
      )})`,
    );
  // The seed's first versions live only in products (product_versions holds the published ones).
  const current = await db
    .select({ productId: products.id, version: products.version, definition: products.definition })
    .from(products)
    .where(inArray(products.id, [...new Set(wanted.map((p) => p.productId))]));
  for (const row of [...current, ...rows]) {
    const parsed = z.safeParse(ProductDefinitionSchema, row.definition);
    if (parsed.success) out.set(`${row.productId}:${row.version}`, parsed.data);
  }
  return out;
}

/** A generic form's answers by option id (wizard values and confirmation answers). */
function genericValues(form: GenericForm): Record<number, string> {
  const values: Record<number, string> = {};
  for (const v of [...form.values, ...form.confirm_values]) values[v.option_id] = v.value;
  return values;
}

/**
 * An order item's answers with their option titles and value names. The item's
 * stored options are the lines priced with the catalogue version it was bought
 * with; an item stored without them is read again from its form with that
 * version's definition. Empty when neither tells (the raw form is still shown).
 */
export function labelledAnswers(
  item: { productId: number; options: readonly ItemOption[]; form: Record<string, unknown> },
  definition: ProductDefinition | undefined,
): LabelledAnswer[] {
  const lines = (options: readonly ItemOption[]) =>
    options
      .filter((o) => o.print_value.trim() !== '')
      .map((o) => ({ option_id: o.option_id, title: o.label, value: o.print_value }));
  if (item.options.length > 0) return lines(item.options);
  if (!definition) return [];
  if (FIXED_PRODUCTS.has(item.productId)) {
    const fixed = z.safeParse(formSchemaForProduct(item.productId), item.form);
    if (!fixed.success) return [];
    const form = fixed.data as FixedForm;
    return lines([
      ...itemOptions(definition, fixedFormValues(item.productId, form)),
      ...requesterOptions(item.productId, form),
    ]);
  }
  const generic = z.safeParse(GenericFormSchema, item.form);
  return generic.success ? lines(itemOptions(definition, genericValues(generic.data))) : [];
}

/** Titles of options that name the holder in a generic product's answers. */
const HOLDER_TITLE = /titular|propietari|nombre|nome/i;

/**
 * The order's holder ("Titular") as the customer gave it in the first item's
 * form: the fixed wizards' name fields, else a generic answer titled as one.
 * Null when the form names nobody: never the e-mail.
 */
export function holderOf(
  items: readonly { parentId: number | null; form: Record<string, unknown>; answers: LabelledAnswer[] }[],
): string | null {
  const first = items.find((item) => item.parentId === null);
  if (!first) return null;
  for (const key of HOLDER_KEYS) {
    const value = first.form[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return first.answers.find((a) => HOLDER_TITLE.test(a.title))?.value ?? null;
}
