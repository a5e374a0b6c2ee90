import {
  type Condition,
  catalogueProblems,
  eurosText,
  type FieldError,
  type Option,
  type OptionType,
  type ProductDefinition,
  ProductDefinitionSchema,
  parseEuros,
  toFieldErrors,
} from '@shop/domain';

// The catalogue form's values and their way to and from a product definition:
// prices as euro text (integer cents through the domain's parseEuros, never a
// float), everything the form does not show kept from the definition edited.

export interface ValueRow {
  id: number;
  name: string;
  price: string;
}
export interface ConditionRow {
  option_id: string;
  value: string;
  op: 'eq' | 'gtdate' | 'ltdate';
  /** The condition holds any of a list (value typed comma-separated). */
  multiple: boolean;
  /** The definition named its operator (kept even when 'eq'). */
  explicitOp: boolean;
}
export interface OptionRow {
  option_id: number;
  title: string;
  type: OptionType;
  required: boolean;
  price: string;
  help: string;
  placeholder: string;
  opt_values: ValueRow[];
  previous_steps: ConditionRow[];
}
export interface ProductForm {
  name: string;
  short_name: string;
  description: string;
  price: string;
  official_fee: string;
  options: OptionRow[];
}

const conditionRow = (c: Condition): ConditionRow => ({
  option_id: String(c.option_id),
  value: Array.isArray(c.value) ? c.value.join(', ') : c.value,
  op: c.op ?? 'eq',
  multiple: Array.isArray(c.value),
  explicitOp: c.op !== undefined,
});

export function toForm(d: ProductDefinition): ProductForm {
  return {
    name: d.name,
    short_name: d.short_name ?? '',
    description: d.description,
    price: eurosText(d.price),
    official_fee: eurosText(d.official_fee),
    options: d.options.map((o) => ({
      option_id: o.option_id,
      title: o.title,
      type: o.type,
      required: o.is_require === '1',
      price: eurosText(o.price),
      help: o.help ?? '',
      placeholder: o.placeholder ?? '',
      opt_values: o.opt_values.map((v) => ({ id: v.id, name: v.name, price: eurosText(v.price) })),
      previous_steps: o.previous_steps.map(conditionRow),
    })),
  };
}

/** An optional text: empty means absent, unless the definition had it empty. */
const optional = (text: string, before: string | undefined) =>
  text === '' && before !== '' ? undefined : text;

/** The next free id after those used. */
export const nextId = (ids: readonly number[]) => ids.reduce((max, id) => Math.max(max, id), 0) + 1;

/**
 * The definition the form describes (the rest of `base` kept), checked by the
 * domain's schema and catalogue rules: the definition, or the problems by path.
 */
export function fromForm(
  form: ProductForm,
  base: ProductDefinition,
): { definition: ProductDefinition | null; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const cents = (text: string, path: string) => {
    const value = parseEuros(text);
    if (value === null) problems.push({ path, message: 'invalid_amount' });
    return value ?? 0;
  };
  const options = form.options.map((row, i): Option => {
    const before = base.options.find((o) => o.option_id === row.option_id);
    const option: Option = {
      ...(before ?? { opt_values: [], previous_steps: [] }),
      option_id: row.option_id,
      title: row.title,
      type: row.type,
      is_require: row.required ? '1' : '0',
      price: cents(row.price, `options.${i}.price`),
      opt_values: row.opt_values.map((v, j) => ({
        id: v.id,
        name: v.name,
        price: cents(v.price, `options.${i}.opt_values.${j}.price`),
      })),
      previous_steps: row.previous_steps.map((c) => {
        const values = c.value.split(',').map((v) => v.trim());
        return {
          option_id: Number(c.option_id),
          value: c.multiple || values.length > 1 ? values : c.value.trim(),
          ...(c.op !== 'eq' || c.explicitOp ? { op: c.op } : {}),
        };
      }),
      help: optional(row.help, before?.help),
      placeholder: optional(row.placeholder, before?.placeholder),
    };
    for (const key of ['help', 'placeholder'] as const) if (option[key] === undefined) delete option[key];
    return option;
  });
  const candidate = {
    ...base,
    name: form.name,
    short_name: optional(form.short_name, base.short_name),
    description: form.description,
    price: cents(form.price, 'price'),
    official_fee: cents(form.official_fee, 'official_fee'),
    options,
  };
  if (candidate.short_name === undefined) delete candidate.short_name;
  if (problems.length > 0) return { definition: null, problems };
  const parsed = ProductDefinitionSchema.safeParse(candidate);
  if (!parsed.success) return { definition: null, problems: toFieldErrors(parsed.error.issues) };
  const rules = catalogueProblems(parsed.data);
  return rules.length > 0 ? { definition: null, problems: rules } : { definition: parsed.data, problems: [] };
}

const MESSAGES: Record<string, string> = {
  invalid_amount: 'Escribe un importe en euros, p. ej. 12,50.',
  above_price: 'No puede ser mayor que el precio.',
  duplicate: 'Este identificador está repetido.',
  unknown_option: 'La condición debe referirse a otra opción del producto.',
  required: 'Este campo es obligatorio.',
};

const FIELDS: Record<string, string> = {
  name: 'nombre',
  short_name: 'nombre corto',
  price: 'precio',
  official_fee: 'tasa oficial',
  title: 'título',
  option_id: 'opción',
  id: 'id',
  opt_values: 'valores',
  value: 'valor',
  type: 'tipo',
};

/** A problem in words: where ("Opción 2 › valor 1 › precio") and what. */
export function problemText(problem: FieldError): string {
  const parts = problem.path.split('.');
  const where: string[] = [];
  if (parts[0] !== 'options') where.push('Producto');
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    const index = Number(parts[i + 1]);
    if (['options', 'opt_values', 'previous_steps'].includes(part) && Number.isInteger(index)) {
      const noun = part === 'options' ? 'Opción' : part === 'opt_values' ? 'valor' : 'condición';
      where.push(`${noun} ${index + 1}`);
      i += 1;
    } else where.push(FIELDS[part] ?? part);
  }
  return `${where.join(' › ')}: ${MESSAGES[problem.message] ?? problem.message}`;
}
