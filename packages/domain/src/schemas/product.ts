import * as z from 'zod/mini';

/** Option types of spec point 3. */
export const OPTION_TYPES = [
  'field',
  'area',
  'date',
  'drop_down',
  'radio',
  'radio_button',
  'municipio',
  'municipio_ce',
  'freguesia',
  'sociedad',
  'file',
] as const;
export const OptionTypeSchema = z.enum(OPTION_TYPES);
export type OptionType = z.infer<typeof OptionTypeSchema>;

/** Money is always integer cents (DECISIONS.md "Money"). */
export const CentsSchema = z.int().check(z.gte(0));

export const OptionValueSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: z._default(CentsSchema, 0),
});
export type OptionValue = z.infer<typeof OptionValueSchema>;

/**
 * A previous-step condition (spec 3/5): the option `option_id` must hold `value`
 * (eq: one value or any of a list), or be a date after (gtdate) / before (ltdate) `value`.
 */
export const ConditionSchema = z.object({
  option_id: z.int(),
  value: z.union([z.string(), z.array(z.string())]),
  op: z.optional(z.enum(['eq', 'gtdate', 'ltdate'])),
});
export type Condition = z.infer<typeof ConditionSchema>;

export const OptionSchema = z.object({
  option_id: z.int(),
  title: z.string(),
  type: OptionTypeSchema,
  /** '1' means required (spec 3). */
  is_require: z._default(z.enum(['0', '1']), '0'),
  price: z._default(CentsSchema, 0),
  opt_values: z._default(z.array(OptionValueSchema), []),
  previous_steps: z._default(z.array(ConditionSchema), []),
  /** Filled in when the option becomes visible and has no value. */
  default: z.optional(z.string()),
  /** Set when all previous_steps hold (spec 4 "Conditional option visibility"). */
  previous_steps_default: z.optional(z.string()),
  help: z.optional(z.string()),
  placeholder: z.optional(z.string()),
  /** What a text field holds when it must read as such: 'phone' (checked with the domain's isValidPhone, a tel input). */
  format: z.optional(z.enum(['phone'])),
});
export type Option = z.infer<typeof OptionSchema>;
export type OptionInput = z.input<typeof OptionSchema>;

export const RelatedProductSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  price: CentsSchema,
});
export type RelatedProduct = z.infer<typeof RelatedProductSchema>;

export const EarlyCheckoutSchema = z.object({
  type: z.enum(['and', 'or']),
  options: z.array(z.object({ option_id: z.int(), value: z.string() })),
  /** Extra fields asked on the confirmation screen when checking out early. */
  confirmationOptions: z._default(z.array(OptionSchema), []),
});
export type EarlyCheckout = z.infer<typeof EarlyCheckoutSchema>;

export const ProductDefinitionSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  short_name: z.optional(z.string()),
  description: z._default(z.string(), ''),
  /** Base price in cents, all taxes included. */
  price: CentsSchema,
  /** The registry's own fee, part of `price` (DECISIONS.md "Money"). */
  official_fee: z._default(CentsSchema, 0),
  options: z._default(z.array(OptionSchema), []),
  related_product: z._default(z.array(RelatedProductSchema), []),
  related_conditions: z._default(z.array(ConditionSchema), []),
  questions_on_confirm: z._default(z.array(OptionSchema), []),
  conditions_to_earlycheckout: z.optional(EarlyCheckoutSchema),
});
export type ProductDefinition = z.infer<typeof ProductDefinitionSchema>;
export type ProductDefinitionInput = z.input<typeof ProductDefinitionSchema>;

/** Auto product as the runtime configuration lists it (spec 3). */
export const AutoProductSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  stores: z.array(z.int()),
  visible: z.boolean(),
  visible_on_services: z.array(z.int()),
  price: CentsSchema,
});
export type AutoProduct = z.infer<typeof AutoProductSchema>;
