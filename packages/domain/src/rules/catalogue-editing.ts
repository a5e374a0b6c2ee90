import type { FieldError } from '../schemas/messages.ts';
import { type ProductDefinition, ProductDefinitionSchema } from '../schemas/product.ts';

// The catalogue editor's rules, shared by the back office's form and the
// server that publishes: euros typed as text become integer cents without a
// float, and a definition's references hold together.

const EUROS = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/;

/** Cents from euros as an operator types them ('12', '12,5', '12,50', '12.50 €'); null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const match = EUROS.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return whole * 100 + fraction;
}

/** Cents as the editor's text: 2076 -> '20,76', 1200 -> '12,00' (no grouping, so it parses back). */
export function eurosText(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** Option types whose answer is one of their listed values. */
const CHOICE_TYPES = new Set(['drop_down', 'radio', 'radio_button']);

/**
 * What breaks a definition beyond its shape: the official fee above the price,
 * two options (or two values of an option) sharing an id, a choice without
 * values, a condition naming no option of the product or the option itself.
 * Paths as the schema's (options.2.opt_values.0.id).
 */
export function catalogueProblems(definition: ProductDefinition): FieldError[] {
  const problems: FieldError[] = [];
  if (definition.official_fee > definition.price)
    problems.push({ path: 'official_fee', message: 'above_price' });
  const ids = new Set<number>();
  definition.options.forEach((option, i) => {
    if (ids.has(option.option_id)) problems.push({ path: `options.${i}.option_id`, message: 'duplicate' });
    ids.add(option.option_id);
  });
  definition.options.forEach((option, i) => {
    if (!option.title.trim()) problems.push({ path: `options.${i}.title`, message: 'required' });
    if (CHOICE_TYPES.has(option.type) && option.opt_values.length === 0)
      problems.push({ path: `options.${i}.opt_values`, message: 'required' });
    const values = new Set<number>();
    option.opt_values.forEach((value, j) => {
      if (values.has(value.id))
        problems.push({ path: `options.${i}.opt_values.${j}.id`, message: 'duplicate' });
      values.add(value.id);
      if (!value.name.trim())
        problems.push({ path: `options.${i}.opt_values.${j}.name`, message: 'required' });
    });
    option.previous_steps.forEach((condition, k) => {
      if (condition.option_id === option.option_id || !ids.has(condition.option_id))
        problems.push({ path: `options.${i}.previous_steps.${k}.option_id`, message: 'unknown_option' });
    });
  });
  definition.related_conditions.forEach((condition, k) => {
    if (!ids.has(condition.option_id))
      problems.push({ path: `related_conditions.${k}.option_id`, message: 'unknown_option' });
  });
  if (!definition.name.trim()) problems.push({ path: 'name', message: 'required' });
  return problems;
}

/** Whether two definitions are the same once the schema's defaults are applied (publishing needs a change). */
export function sameDefinition(a: unknown, b: unknown): boolean {
  const one = ProductDefinitionSchema.safeParse(a);
  const two = ProductDefinitionSchema.safeParse(b);
  if (!one.success || !two.success) return false;
  return canonical(one.data) === canonical(two.data);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}
